import LayoutTestSupport
import Testing

/// A PostgreSQL URL that cannot be used is a usage error (64) whose one line says why and masks
/// the password.
@Suite(.blockingWork, .timeLimit(minutes: 10)) struct BadDatabaseURLTests {
    @Test(arguments: [
        ("postgres://me:hunter2@h:99999/feed", "port 99999 is not from 1 to 65535"),
        ("postgres://me:hunter2@h/feed?sslmode=on", "sslmode must be one of disable, prefer, require, verify-full, not 'on'"),
    ])
    func aBadURLIsOneUsageLineWithoutItsPassword(url: String, reason: String) async throws {
        _ = try BothStores()  // registers the PostgreSQL backend, as photofeed-server does
        let result = await BothStores.run(["layouts", "report", "--db", url])
        #expect(result.status == 64)
        let masked = url.replacingOccurrences(of: "hunter2", with: "***")
        #expect(result.err == ["error: bad PostgreSQL URL '\(masked)': \(reason)"])
    }
}
