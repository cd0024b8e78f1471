import FeedModel
import FeedStore
import Foundation
import GRDB
#if canImport(GRDBSQLite)
import GRDBSQLite
#else
import SQLite3
#endif
import Glibc
import HTTPTestSupport
import LayoutTestSupport
import StoreTestSupport
import Testing

/// A SQLite file replaced or truncated under `photofeed-server serve` and `sync` as child
/// processes: a replaced file stops either with status 74 and one `error:` line, leaving the new
/// file sound and alone; a truncated file is answered with an error, never a crash by a signal.
@Suite(.serialized, .tags(.slow), .notInQuickRuns, .timeLimit(minutes: 10))
struct DatabaseFileFaultProcessTests {
    /// A seeded database file, and another database, complete in its one file, with one user.
    static func files() throws -> (served: String, other: String) {
        let served = try FeedTestStore.seededFile()
        let other = try FeedTestStore.temporaryDirectory().appendingPathComponent("other.sqlite").path
        let store = try FeedStore(path: other, migrationsDirectory: FeedTestStore.migrationsDirectory,
                                  clock: FeedTestStore.clock)
        try store.save(User(id: 9, username: "dee", fullName: "Dee", avatarURL: "https://a.example/dee.jpg"))
        try store.close()
        return (served, other)
    }

    /// Starts `serve` on `path` on a free port; returns the process and a client of it.
    static func serve(_ path: String, _ arguments: [String] = []) async throws -> (WorkerProcess, HTTPTestClient) {
        let server = try WorkerProcess(["serve", "--port", "0", "--log-level", "warning", "--db", path] + arguments)
        while server.isRunning, !server.standardOutput.contains("\n") {
            try await Task.sleep(for: .milliseconds(20))
        }
        let line = try #require(server.standardOutput.split(separator: "\n").first, "\(server.standardError)")
        #expect(line.hasPrefix("listening on "))
        return (server, try HTTPTestClient(base: String(line.dropFirst("listening on ".count))))
    }

    /// Expects the other database alone at `path`, sound, with its one user.
    static func expectOtherDatabase(at path: String, bytes: Data) throws {
        #expect(FileManager.default.contents(atPath: path) == bytes)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
        let check = try DatabaseQueue(path: path)
        #expect(try check.read { try String.fetchAll($0, sql: "PRAGMA quick_check") } == ["ok"])
        #expect(try check.read { try String.fetchAll($0, sql: "SELECT username FROM user") } == ["dee"])
        try check.close()
    }

    /// The lines of `text` that start with `error:`.
    static func errorLines(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { $0.hasPrefix("error:") }
    }

    /// The log lines of `text` at level error or above (`<time> error <label>: …`).
    static func errorLogLines(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { line in
            let fields = line.split(separator: " ", maxSplits: 2)
            return fields.count == 3 && ["error", "critical"].contains(fields[1])
        }
    }

    /// Alone, and with the sync daemon in its process (which may find the file replaced first).
    @Test(arguments: [[], ["--with-sync"]])
    func serveStopsWithStatus74WhenItsFileIsReplaced(_ arguments: [String]) async throws {
        try #require(WorkerProcess.isBuilt, "build first: swift build (\(WorkerProcess.executable.path))")
        // Given a server that has answered a page of its file
        let (served, other) = try Self.files()
        let (server, client) = try await Self.serve(served, arguments)
        defer { if server.isRunning { server.killNow() } }
        #expect(try await client.get("/v1/feed?width=375&limit=2").status == 200)
        let bytes = try #require(FileManager.default.contents(atPath: other))

        // When another database is renamed over the file
        try #require(rename(other, served) == 0)

        // Then the server stops on its own with 74 and one error line naming the file
        let status = try await server.finish()
        #expect(status == 74)
        let errors = Self.errorLines(server.standardError)
        #expect(errors.count == 1, "\(server.standardError)")
        #expect(Self.errorLogLines(server.standardError) == [])
        #expect(errors.first?.contains(served) == true)
        // and the new file is as it was, alone
        try Self.expectOtherDatabase(at: served, bytes: bytes)
    }

    @Test func syncStopsWithStatus74WhenItsFileIsReplaced() async throws {
        try #require(WorkerProcess.isBuilt, "build first: swift build (\(WorkerProcess.executable.path))")
        // Given the daemon on the real clock over a file with pending jobs
        let (served, other) = try Self.files()
        let daemon = try WorkerProcess(["sync", "--db", served])
        defer { if daemon.isRunning { daemon.killNow() } }
        while daemon.isRunning, !daemon.standardError.contains("started") {
            try await Task.sleep(for: .milliseconds(20))
        }
        let bytes = try #require(FileManager.default.contents(atPath: other))

        // When another database is renamed over the file
        try #require(rename(other, served) == 0)

        // Then the daemon stops on its own (its next commit or poll finds it) with 74 and one
        // error line naming the file
        let status = try await daemon.finish()
        #expect(status == 74)
        let errors = Self.errorLines(daemon.standardError)
        #expect(errors.count == 1, "\(daemon.standardError)")
        #expect(errors.first?.contains(served) == true)
        try Self.expectOtherDatabase(at: served, bytes: bytes)
    }

    @Test func aTruncatedFileIsAnsweredWithAnErrorNotASignal() async throws {
        try #require(WorkerProcess.isBuilt, "build first: swift build (\(WorkerProcess.executable.path))")
        // Given a server that stored a page's layouts (its log holds frames and the file's size)
        // and read the page again on its connections since, every request reading the store
        let (served, _) = try Self.files()
        let (server, client) = try await Self.serve(served, ["--no-response-cache"])
        defer { if server.isRunning { server.killNow() } }
        for _ in 0..<10 {
            #expect(try await client.get("/v1/feed?width=375&limit=4").status == 200)
        }

        // When the file is cut to its first page and the page is asked for again
        try #require(truncate(served, 4096) == 0)
        for _ in 0..<3 {
            // Then the server answers: the pages its connections kept, or an error; a page read
            // through a memory map of the old length would have killed it (SIGBUS)
            let answer = try await client.get("/v1/feed?width=375&limit=4")
            #expect([200, 500, 503].contains(answer.status), "\(answer.status) \(answer.text)")
        }

        // When another connection commits a change of the first page alone, so that the server's
        // connections drop the pages they kept (SQLite's own API: GRDB reads the schema on
        // opening, past the end of the file)
        var writer: OpaquePointer?
        try #require(sqlite3_open_v2(served, &writer, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK)
        #expect(sqlite3_exec(writer, "PRAGMA user_version = 7", nil, nil, nil) == SQLITE_OK)
        sqlite3_close_v2(writer)

        // Then each request for the page is answered with an error problem
        for _ in 0..<3 {
            let answer = try await client.get("/v1/feed?width=375&limit=4")
            #expect([500, 503].contains(answer.status), "\(answer.status) \(answer.text)")
            #expect(answer.headers.first(name: "Content-Type") == "application/problem+json")
        }
        // and the server is still there, and stops on SIGTERM with a status, not by a signal
        #expect(server.isRunning)
        kill(server.process.processIdentifier, SIGTERM)
        #expect(try await server.finish() != nil, "killed by a signal: \(server.standardError)")
    }
}

