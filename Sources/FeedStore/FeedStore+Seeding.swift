import FeedModel
import Foundation
import GRDB

/// Seeding: the curated set of `seed-data/`, or N generated photos. Always loads the cities.
///
/// Everything happens in one transaction after the files have been read and checked, so a bad
/// file (or a failure half-way) leaves the database exactly as it was. Rows are upserted by id,
/// so seeding the same data twice leaves one copy.
extension FeedStore {
    /// Seeding's progress callback (``FeedModel/SeedProgress/Handler``, named here as before).
    public typealias ProgressHandler = SeedProgress.Handler

    /// Loads `users.jsonl`, `photos.jsonl`, `comments.jsonl` and `cities.tsv` from `directory`.
    @discardableResult
    public func seedCurated(from directory: URL = ResourceLocator.seedDataDirectory,
                            progress: ProgressHandler? = nil) throws -> SeedCounts {
        let usersURL = directory.appendingPathComponent("users.jsonl")
        let photosURL = directory.appendingPathComponent("photos.jsonl")
        let commentsURL = directory.appendingPathComponent("comments.jsonl")
        let users = try SeedFileReader.jsonLines(usersURL, as: SeedUser.self)
        let photos = try SeedFileReader.jsonLines(photosURL, as: SeedPhoto.self)
        let comments = try SeedFileReader.jsonLines(commentsURL, as: SeedComment.self)
        let cities = try SeedFileReader.cities(directory.appendingPathComponent("cities.tsv"))
        let rows = try CuratedRows(users: users, usersFile: usersURL.path, photos: photos, photosFile: photosURL.path,
                                   comments: comments, commentsFile: commentsURL.path)
        let now = clock.nowMilliseconds
        defer { cityGrids.invalidate() }
        return try writer.write { db in
            let writer = try UpsertWriter(db: db, now: now)
            try Self.load(cities, writer: writer, progress: progress)
            try rows.checkReferences(db)
            var done = 0
            let total = rows.users.count + rows.photos.count + rows.comments.count
            for (line, user) in rows.users {
                try Self.rowError(file: usersURL.path, line: line) { try writer.write(user) }
                done += 1
            }
            progress?(SeedProgress(phase: "users", done: done, total: total))
            for (line, photo, location) in rows.photos {
                try Self.rowError(file: photosURL.path, line: line) { try writer.write(photo, location: location) }
                done += 1
                if done % 500 == 0 { progress?(SeedProgress(phase: "photos", done: done, total: total)) }
            }
            for (line, comment) in rows.comments {
                try Self.rowError(file: commentsURL.path, line: line) { try writer.write(comment) }
                done += 1
                if done % 500 == 0 { progress?(SeedProgress(phase: "comments", done: done, total: total)) }
            }
            progress?(SeedProgress(phase: "done", done: total, total: total))
            return try Self.counts(db)
        }
    }

    /// Generates `count` photos (with users, locations, comments) from `rngSeed` and loads them
    /// with the cities of `seedDataDirectory`. Deterministic: same count and seed, same rows. A
    /// database holding another generated set is refused (see ``claimGeneratedSeed``).
    /// When `count` exceeds the photos already stored, the secondary indexes are made after the
    /// rows are in (``DeferredIndexes``); foreign keys are not checked row by row, since the
    /// generator's references hold by construction (`withoutForeignKeyChecks`). The connection's
    /// page cache is ``seedCacheKibibytes`` for the seed, so its memory is the same at any count.
    @discardableResult
    public func seedGenerated(count: Int, rngSeed: UInt64,
                              seedDataDirectory directory: URL = ResourceLocator.seedDataDirectory,
                              progress: ProgressHandler? = nil) throws -> SeedCounts {
        let vocabulary = try SeedVocabulary.load(from: directory.appendingPathComponent("vocabulary.json"))
        let cities = try SeedFileReader.cities(directory.appendingPathComponent("cities.tsv"))
        let now = clock.nowMilliseconds
        let databasePath = writer.path
        defer { cityGrids.invalidate() }
        return try Self.withoutForeignKeyChecks(writer) { db in
            let cache = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
            try db.execute(sql: "PRAGMA cache_size = -\(Self.seedCacheKibibytes)")
            defer { try? db.execute(sql: "PRAGMA cache_size = \(cache)") }
            try Self.claimGeneratedSeed(db, count: count, rngSeed: rngSeed, databasePath: databasePath)
            // A seed that more than doubles the photos builds the secondary indexes after the rows.
            let existing = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM photo") ?? 0
            let deferred = count > existing ? try DeferredIndexes.drop(db) : nil
            let writer = try UpsertWriter(db: db, now: now)
            try Self.load(cities, writer: writer, progress: progress)
            var generator = SyntheticFeedGenerator(vocabulary: vocabulary, photoCount: count, seed: rngSeed,
                                                    cities: cities)
            let total = generator.userCount + count
            for index in 1...generator.userCount {
                try writer.write(generator.user(index))
            }
            let step = max(1, count / 200)
            for index in stride(from: 1, through: count, by: 1) {
                let (photo, location, comments) = generator.photo(index)
                try writer.write(photo, location: location)
                for comment in comments { try writer.write(comment) }
                if index % step == 0 {
                    progress?(SeedProgress(phase: "photos", done: generator.userCount + index, total: total))
                }
            }
            try deferred?.rebuild(db)
            progress?(SeedProgress(phase: "done", done: total, total: total))
            return try Self.counts(db)
        }
    }

    /// The generated seed's page cache, in KiB. Its rows go in in id order, each table and each
    /// unique index growing at its end (`user.username` aside, a few MB at a million photos), so
    /// a small cache writes them as fast as a large one; and SQLite's sorter, which makes the
    /// deferred indexes, keeps up to the cache's size of keys in memory before it writes a sorted
    /// run to a temporary file.
    static let seedCacheKibibytes = 8192

    /// Runs `body` in one transaction with foreign key enforcement off (restored afterwards).
    ///
    /// For the generated seed only, whose references hold by construction: users come first, a
    /// photo's location is written before the photo, its comments after it, and every owner and
    /// author is one of the generated users. With enforcement on, every photo and comment insert
    /// looks up its parents and, since it may then abort half-way, runs with a statement journal
    /// holding the original of each page it touches; in a seed's one large transaction those
    /// journals go to a temporary file, several writes per row.
    private static func withoutForeignKeyChecks<T>(_ writer: any DatabaseWriter,
                                                  _ body: (Database) throws -> T) throws -> T {
        try writer.writeWithoutTransaction { db in
            // A no-op inside a transaction: this runs before the seed's begins.
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            defer { try? db.execute(sql: "PRAGMA foreign_keys = ON") }
            var result: T?
            try db.inTransaction {
                result = try body(db)
                return .commit
            }
            return result!
        }
    }

    /// Rows now in the database.
    public func counts() throws -> SeedCounts {
        try writer.read { db in try Self.counts(db) }
    }

    static func counts(_ db: Database) throws -> SeedCounts {
        let row = try Row.fetchOne(db, sql: """
            SELECT (SELECT COUNT(*) FROM user) AS users, (SELECT COUNT(*) FROM photo) AS photos,
                   (SELECT COUNT(*) FROM location) AS locations, (SELECT COUNT(*) FROM comment) AS comments,
                   (SELECT COUNT(*) FROM city) AS cities, (SELECT COUNT(*) FROM sync_job) AS sync_jobs
            """)!
        return SeedCounts(users: row["users"], photos: row["photos"], locations: row["locations"],
                          comments: row["comments"], cities: row["cities"], syncJobs: row["sync_jobs"])
    }

    private static func load(_ cities: [City], writer: UpsertWriter, progress: ProgressHandler?) throws {
        for city in cities { try writer.write(city) }
        progress?(SeedProgress(phase: "cities", done: 0, total: 1))
    }

    /// A constraint failure on one row becomes a `SeedError` naming its file and line.
    private static func rowError(file: String, line: Int, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            throw SeedError(file: file, line: line, message: "rejected by the schema: \(error.message ?? "constraint")")
        }
    }
}
