import FeedModel
import FeedService
import FeedStore
import Foundation
import GRDB
import HTTPTestSupport
import LayoutTestSupport
import Logging
import StoreTestSupport
import Testing

/// Another database renamed over the file a server serves: the server answers 503 with
/// `Retry-After`, stops with ``DatabaseFileReplaced``, and leaves the new file exactly as it was,
/// with no log of the old file beside it (SQLite would replay that log into the new file).
/// The test runs the service's whole `run()` (the file's watch is a service of its group).
@Suite(.timeLimit(minutes: 10)) struct DatabaseFileReplacementTests {
    @Test func aFileRenamedOverTheServedOneIsAnswered503AndLeftAsItWas() async throws {
        // Given a server on a seeded file that has answered a page (and stored its layouts: the
        // old file's log holds frames)
        let (service, path) = try ServiceFixture.service()
        let (running, port) = try await ServiceFixture.running(service)
        defer { running.cancel() }
        let client = HTTPTestClient(port: port)
        #expect(try await client.get("/v1/feed?width=375&limit=2").status == 200)

        // and another database, complete in its one file, with one photo
        let otherPath = try FeedTestStore.temporaryDirectory().appendingPathComponent("other.sqlite").path
        let other = try FeedStore(path: otherPath, migrationsDirectory: FeedTestStore.migrationsDirectory,
                                  clock: FeedTestStore.clock)
        try other.save(User(id: 9, username: "dee", fullName: "Dee", avatarURL: "https://a.example/dee.jpg"))
        try other.save(Photo(id: 9, ownerID: 9, url: "https://p.example/9.jpg", pixelWidth: 640, pixelHeight: 480,
                             title: "Other", description: "", likes: 0, uploadedAt: FeedTestStore.newest))
        try other.close()
        let otherBytes = FileManager.default.contents(atPath: otherPath)

        // When it is renamed over the served file, and a page that is not in the response cache
        // is asked for
        try #require(rename(otherPath, path) == 0)
        let answer = try await client.get("/v1/feed?width=320&limit=3")

        // Then the answer is a 503 problem with Retry-After
        #expect(answer.status == 503)
        #expect(answer.headers.first(name: "Retry-After") == "1")
        #expect(answer.headers.first(name: "Content-Type") == "application/problem+json")
        let problem = try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any]
        #expect(problem?["status"] as? Int == 503)
        if answer.status != 503 { running.cancel() }

        // and the server stops on its own, with the error
        let outcome = await Result(catching: { try await running.value })
        #expect(throws: DatabaseFileReplaced(path: path)) { try outcome.get() }

        // and the new file is byte for byte the other database, alone: no -wal, no -shm
        #expect(FileManager.default.contents(atPath: path) == otherBytes)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: path + "-shm"))

        // and SQLite finds it sound, with the other database's one photo
        let check = try DatabaseQueue(path: path)
        #expect(try await check.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check") } == ["ok"])
        #expect(try await check.read { db in try Int.fetchAll(db, sql: "SELECT id FROM photo") } == [9])
        try check.close()
    }
}

extension Result where Failure == any Error {
    /// The outcome of `body`.
    init(catching body: () async throws -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }
}
