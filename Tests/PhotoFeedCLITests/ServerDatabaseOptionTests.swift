import Testing

/// `--db postgres://…` in this build, which registers no server store: every command answers
/// with one `error:` line naming the database without its password, and status 64.
@Suite("--db with a PostgreSQL URL")
struct ServerDatabaseOptionTests {
    static let url = "postgres://feed:secret@db.example:5432/photos"

    @Test(arguments: [
        ["migrate"], ["seed"], ["feed", "--width", "375"], ["jobs"], ["layouts", "report"],
    ])
    func aBuildWithoutServerStoresRefusesTheURLInOneLine(_ command: [String]) async {
        let result = await CommandRunner.runAsync(command + ["--db", Self.url])

        #expect(result.status == 64)
        #expect(result.out.isEmpty)
        #expect(result.err == [
            "error: --db postgres://feed@db.example:5432/photos: this photofeed opens SQLite database files only; "
                + "PostgreSQL needs photofeed-server",
        ])
    }
}
