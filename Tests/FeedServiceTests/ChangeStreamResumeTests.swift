import FeedModel
import FeedService
import FeedStore
import FeedStorePostgres
import Foundation
import HTTPTestSupport
import HummingbirdTesting
import LayoutTestSupport
import Logging
import StoreTestSupport
import Testing

/// A client of `GET /v1/changes` that disconnects at random moments and resumes with
/// `Last-Event-ID`, across a server restart and a `kill -9` of the daemon (another process), on
/// both stores: the ids it receives only grow, no change is missed (each change of the log is an
/// event, or a later event of the same photo is), and each photo's last event is what
/// `/v1/photos/{id}` answers at the end. The same with two servers of one PostgreSQL database and
/// two workers, the client moving from one server to the other.
@Suite(.serialized, .tags(.slow), .notInQuickRuns, .timeLimit(minutes: 10)) struct ChangeStreamResumeTests {
    enum Backend: String, CaseIterable, CustomStringConvertible {
        case sqlite, postgres
        var description: String { rawValue }
    }

    /// What the client has received, across its connections.
    struct Received {
        var ids: [Int64] = []
        var photos: [Int64: (id: Int64, item: String)] = [:]
        var resets = 0
        var position: Int64

        mutating func take(_ event: EventStreamTestClient.Event) throws {
            guard let text = event.id, let id = Int64(text) else { return }
            guard event.event != nil else { return }  // the opening `id:` only repeats the position
            ids.append(id)
            position = id
            if event.event == "reset" { resets += 1 }
            let data = try #require(event.data)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
            if let photo = object["photoId"] as? Int { photos[Int64(photo)] = (id, data) }
        }
    }

    /// A store of 40 generated photos with their jobs pending, and the `--db` that names it.
    static func store(_ backend: Backend) throws -> (make: @Sendable () throws -> any FeedStoring & FeedServing, db: String) {
        let seedData = FeedTestStore.projectRoot.appendingPathComponent("seed-data")
        switch backend {
        case .sqlite:
            let path = try FeedTestStore.temporaryDirectory().appendingPathComponent("feed.sqlite").path
            try FeedStore(path: path).seedGenerated(count: 40, rngSeed: 3, seedDataDirectory: seedData)
            return ({ try FeedStore(path: path) }, path)
        case .postgres:
            let location = try PostgresServeTests.freshSchema()
            try PostgresFeedStore(location: location).seedGenerated(count: 40, rngSeed: 3, seedDataDirectory: seedData,
                                                                    progress: nil)
            return ({ try PostgresFeedStore(location: location) }, location.description)
        }
    }

    /// A server on a store `make` opens, its hub following the log every 5 ms, quiet below warnings.
    static func server(_ make: () throws -> any FeedStoring & FeedServing) throws -> FeedHTTPService {
        var logger = Logger(label: "photofeed.serve.tests")
        logger.logLevel = .warning
        return try FeedHTTPService(
            store: try make(), port: 0, logger: logger, storeDeadline: ServiceFixture.storeDeadline,
            idleTimeout: ServiceFixture.idleTimeout,
            changeStream: ChangeStreamSettings(pollInterval: .milliseconds(5), fallbackRead: .milliseconds(100),
                                               heartbeat: .milliseconds(300)))
    }

    /// Connects, reads between 1 and 6 events (or until the stream is idle for a heartbeat),
    /// and disconnects; repeats until `done` says so.
    static func follow(port: Int, received: inout Received, random: inout SplitMix64,
                       until done: (Received) async throws -> Bool) async throws {
        while try await !done(received) {
            try await visit(port: port, received: &received, random: &random)
        }
    }

    /// What a client that followed the stream from `start` must have: ids that only grew, no
    /// reset, every change of the log after `start` (itself, or as its photo's later event), and
    /// each photo's last event equal to what `/v1/photos/{id}` answers now.
    static func expectWhole(_ received: Received, after start: Int64, log: any ChangeLogReading,
                            client: some TestClientProtocol) async throws {
        #expect(received.ids == received.ids.sorted() && Set(received.ids).count == received.ids.count)
        #expect(received.resets == 0)
        let changes = try await log.changes(after: 0, limit: 100_000).changes
        #expect(changes.count > 40)
        let ids = Set(received.ids)
        for change in changes where change.sequence > start {
            let later = received.photos[change.photoID].map { $0.id >= change.sequence } ?? false
            #expect(ids.contains(change.sequence) || later, "change \(change.sequence) of photo \(change.photoID)")
        }
        for (photo, last) in received.photos {
            let now = try await client.execute(uri: "/v1/photos/\(photo)?width=375&scale=3", method: .get)
            #expect(last.item == String(buffer: now.body).trimmingCharacters(in: .newlines), "photo \(photo)")
        }
    }

    /// One connection of ``follow(port:received:random:until:)``.
    static func visit(port: Int, received: inout Received, random: inout SplitMix64) async throws {
        let stream = try await EventStreamTestClient.open(
            port: port, path: "/v1/changes?width=375&scale=3", headers: [("Last-Event-ID", String(received.position))])
        let wanted = random.int(in: 1...6)
        var read = 0
        for try await event in stream.events {
            if event.comment != nil { break }
            try received.take(event)
            if event.event != nil { read += 1 }
            if read == wanted { break }
        }
        stream.close()
    }

    @Test(arguments: Backend.allCases)
    func aResumingClientMissesNothingAndSeesEachPhotosLastState(_ backend: Backend) async throws {
        let (make, db) = try Self.store(backend)
        let log = try make() as? any ChangeLogReading
        let start = try #require(try await log?.changes(after: .max, limit: 1)).head
        var received = Received(position: start)
        var random = SplitMix64(seed: 11)

        // Given a daemon on the real clock in another process, and a client that comes and goes
        let daemon = try WorkerProcess(["sync", "--db", db, "--clock", "real", "--rng-seed", "5"])
        let first = try Self.server(make)
        (received, random) = try await first.application().test(.live) { [received, random] client in
            var (received, random) = (received, random)
            try await Self.follow(port: try #require(client.port), received: &received, random: &random) {
                $0.photos.count >= 10
            }
            return (received, random)
        }
        // When the daemon is killed, the server restarts, and another daemon finishes the work
        daemon.killNow()
        _ = try await daemon.finish()
        let finishing = try WorkerProcess(["sync", "--db", db, "--clock", "real", "--rng-seed", "5", "--until-idle"])
        let second = try Self.server(make)
        try await second.application().test(.live) { [received, random, start] client in
            var (received, random) = (received, random)
            try await Self.follow(port: try #require(client.port), received: &received, random: &random) { received in
                guard !finishing.isRunning else { return false }
                return received.position >= (try await log?.changes(after: .max, limit: 1).head ?? 0)
            }
            #expect(try await finishing.finish() == 0, "\(finishing.standardError)")

            // Then the ids only grew, none was missed, and each photo's last event is current
            try await Self.expectWhole(received, after: start, log: try #require(log), client: client)
        }
    }

    /// The stream on two servers of one PostgreSQL database while two workers in other processes
    /// share its jobs: a client that moves from one server to the other at each reconnection, with
    /// `Last-Event-ID`, gets what it would get from one server. Each server's hub reads the log at
    /// its own pace, so a client often comes to a server whose hub stands behind the id it brings:
    /// that server waits for it and sends nothing twice.
    @Test func aClientMovingBetweenTwoServersOfOneDatabaseMissesNothing() async throws {
        let (make, db) = try Self.store(.postgres)
        let log = try #require(try make() as? any ChangeLogReading)
        let start = try await log.changes(after: .max, limit: 1).head
        var received = Received(position: start)
        var random = SplitMix64(seed: 13)

        // Given two workers and two servers
        let workers = try ["5", "6"].map { seed in
            try WorkerProcess(["sync", "--db", db, "--clock", "real", "--rng-seed", seed, "--until-idle"])
        }
        let (one, two) = (try Self.server(make), try Self.server(make))
        try await one.application().test(.live) { [received, random] first in
            try await two.application().test(.live) { second in
                var (received, random) = (received, random)
                let ports = [try #require(first.port), try #require(second.port)]
                // When the client reconnects to the other server each time
                var turn = 0
                while true {
                    let idle = workers.allSatisfy { !$0.isRunning }
                    if idle, received.position >= (try await log.changes(after: .max, limit: 1).head) { break }
                    try await Self.visit(port: ports[turn % 2], received: &received, random: &random)
                    turn += 1
                }
                for worker in workers { #expect(try await worker.finish() == 0, "\(worker.standardError)") }

                // Then the ids only grew, none was missed, and each photo's last event is current
                #expect(turn > 4)
                try await Self.expectWhole(received, after: start, log: log, client: second)
            }
        }
    }
}
