import LayoutTestSupport
import Testing

/// `--db postgres://…` in the lean `photofeed`, which registers no server store: every command
/// answers with one `error:` line naming the database without its password, and status 64.
///
/// It runs the executable as a child process: the store registry is process-wide, and other
/// suites in this test process register the PostgreSQL store.
@Suite("--db with a PostgreSQL URL", .blockingWork, .timeLimit(minutes: 10))
struct ServerDatabaseOptionTests {
    static let url = "postgres://feed:secret@db.example:5432/photos"

    @Test(arguments: [
        ["migrate"], ["seed"], ["feed", "--width", "375"], ["jobs"], ["layouts", "report"],
    ])
    func aBuildWithoutServerStoresRefusesTheURLInOneLine(_ command: [String]) async throws {
        try #require(PhotoFeedProcess.isBuilt, "build first: swift build (\(PhotoFeedProcess.executableURL.path))")
        let result = try await PhotoFeedProcess.run(command + ["--db", Self.url])

        #expect(result.status == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == "error: --db postgres://feed@db.example:5432/photos: this photofeed opens "
            + "SQLite database files only; PostgreSQL needs photofeed-server\n")
    }
}
