import FeedModel
@_spi(SQLiteAccess) import FeedStore
import FeedSync
import Foundation
import GRDB
import StoreTestSupport

/// Databases and seed sets for the sync tests.
enum SyncFixture {
    static let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let migrationsDirectory = projectRoot.appendingPathComponent("Migrations")
    static let seedDataDirectory = projectRoot.appendingPathComponent("seed-data")
    static let now = Date(timeIntervalSince1970: 1_750_000_000)
    /// `now` in store milliseconds: every seeded job's `next_run_at`.
    static let nowMilliseconds: Int64 = 1_750_000_000_000

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("feedsync-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A migrated store with a fixed clock: in memory, or a WAL file when `file` is true.
    static func store(file: Bool = false, clock: StoreClock = .fixed(now)) throws -> FeedStore {
        let path = file ? try temporaryDirectory().appendingPathComponent("feed.sqlite").path : ":memory:"
        return try FeedStore(path: path, migrationsDirectory: migrationsDirectory, clock: clock)
    }

    /// A photo of the small seed set: where it was taken (nil: no location).
    struct PhotoSpec {
        var latitude: Double?
        var longitude: Double?
    }

    /// `photos` photos by `users` users (photo i owned by user (i % users) + 1), located in turn
    /// in Zürich, Berlin, the mid-Pacific and nowhere; with four cities.
    static func smallSeedDirectory(users: Int = 3, photos: Int = 12) throws -> URL {
        let places: [(Double, Double)?] = [(47.3769, 8.5417), (52.52, 13.40), (0.0, -140.0), nil]
        let specs = (0 ..< photos).map { index in
            places[index % places.count].map { PhotoSpec(latitude: $0.0, longitude: $0.1) } ?? PhotoSpec()
        }
        return try seedDirectory(users: users, photos: specs)
    }

    static func seedDirectory(users: Int, photos: [PhotoSpec]) throws -> URL {
        let directory = try temporaryDirectory()
        let userLines = (1 ... users).map {
            #"{"id":\#($0),"username":"user\#($0)","fullName":"User \#($0)","avatarURL":"https://a.example/\#($0).jpg"}"#
        }
        let photoLines = photos.enumerated().map { index, spec in
            let id = index + 1
            let location = spec.latitude.map { #"{"latitude":\#($0),"longitude":\#(spec.longitude!)}"# } ?? "null"
            return #"{"id":\#(id),"ownerId":\#(id % users + 1),"url":"https://p.example/\#(id).jpg","#
                + #""pixelWidth":1080,"pixelHeight":\#(1080 + id * 10),"title":"Photo \#(id)","description":"","#
                + #""likes":\#(id),"uploadedAt":"2024-01-01T00:00:\#(String(format: "%02d", id % 60))Z","#
                + #""location":\#(location)}"#
        }
        try write(userLines, to: directory.appendingPathComponent("users.jsonl"))
        try write(photoLines, to: directory.appendingPathComponent("photos.jsonl"))
        try write([], to: directory.appendingPathComponent("comments.jsonl"))
        try write([
            "id\tname\tregion\tcountry_code\tcountry\tlatitude\tlongitude\tpopulation",
            "2657896\tZürich\tZH\tCH\tSwitzerland\t47.36667\t8.55000\t415367",
            "2659310\tZürich (Kreis 11) / Oerlikon\tZH\tCH\tSwitzerland\t47.40823\t8.54258\t17922",
            "2950159\tBerlin\t16\tDE\tGermany\t52.52437\t13.41053\t3426354",
            "1850147\tTokyo\t40\tJP\tJapan\t35.68950\t139.69171\t8336599",
        ], to: directory.appendingPathComponent("cities.tsv"))
        return directory
    }

    static func write(_ lines: [String], to url: URL) throws {
        try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: url)
    }

    /// A store seeded with the small set.
    static func seededStore(file: Bool = false, users: Int = 3, photos: Int = 12,
                            clock: StoreClock = .fixed(now)) throws -> FeedStore {
        let store = try store(file: file, clock: clock)
        try store.seedCurated(from: smallSeedDirectory(users: users, photos: photos))
        return store
    }

    /// Every column a user can see, as text (see ``FeedTestStore/userVisibleSnapshot(_:)``).
    static func userVisibleSnapshot(_ store: FeedStore) throws -> String {
        try FeedTestStore.userVisibleSnapshot(store)
    }

    /// Job rows by key: (state, attempts, result).
    static func jobs(_ store: FeedStore) throws -> [JobKey: (state: String, attempts: Int, result: String?)] {
        try store.writer.read { db in
            var jobs: [JobKey: (String, Int, String?)] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT kind, target_id, state, attempts, result FROM sync_job") {
                let kind = JobKind(rawValue: row[0])!
                jobs[JobKey(kind: kind, targetID: row[1])] = (row[2], row[3], row[4])
            }
            return jobs
        }
    }

    /// A simulation with a fixed latency, no jitter and the given failure rate and attempts.
    static func fixedSimulation(latency: Duration = .milliseconds(100), failureRate: Double = 0,
                                maxAttempts: Int = 3, timeout: Duration = .seconds(5),
                                concurrency: Int = 4) -> SyncSimulation {
        SyncSimulation(imageLatency: .fixed(latency), geocodeLatency: .fixed(latency),
                       commentFeedLatency: .fixed(latency), failureRate: failureRate,
                       timeout: timeout,
                       retry: RetryPolicy(maxAttempts: maxAttempts, baseDelay: .milliseconds(250), multiplier: 2,
                                          maxDelay: .seconds(30), jitter: 0),
                       concurrency: concurrency)
    }
}
