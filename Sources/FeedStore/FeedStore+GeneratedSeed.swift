import FeedModel
import GRDB

/// The one synthetic set a database holds.
///
/// Generated rows have fixed ids (``SyntheticFeedGenerator/idBase`` + 1, + 2, …), and the rows
/// behind each id depend on both the photo count and the seed. So `seed --generate N --rng-seed S`
/// runs on a database without generated rows, or again with the same N and S (writing the same
/// rows: idempotent); any other N or S is refused with a ``SeedError`` naming the database, and
/// nothing changes. The curated set has ids of its own and sits beside a generated one.
extension FeedStore {
    /// Checks `count` and `rngSeed` against the set recorded in `generated_seed`, and records
    /// them on a database without generated rows. Runs in the seeding transaction.
    static func claimGeneratedSeed(_ db: Database, count: Int, rngSeed: UInt64, databasePath: String) throws {
        let requested = "--generate \(count) --rng-seed \(rngSeed)"
        if let row = try Row.fetchOne(db, sql: "SELECT photo_count, rng_seed FROM generated_seed") {
            let recordedCount: Int = row["photo_count"]
            let recordedSeed: String = row["rng_seed"]
            if recordedCount == count && recordedSeed == String(rngSeed) { return }
            let recorded = "--generate \(recordedCount) --rng-seed \(recordedSeed)"
            throw SeedError(file: databasePath, message: "holds the photos of \(recorded); \(requested) would "
                + "replace rows with the same ids: generate into another database (--db), or repeat \(recorded)")
        }
        let hasGeneratedRows = try Bool.fetchOne(db, sql: """
            SELECT EXISTS (SELECT 1 FROM photo WHERE id > ?1) OR EXISTS (SELECT 1 FROM user WHERE id > ?1)
            """, arguments: [SyntheticFeedGenerator.idBase]) ?? false
        if hasGeneratedRows {
            throw SeedError(file: databasePath, message: "holds generated photos of an unrecorded --generate and "
                + "--rng-seed; \(requested) could replace them: generate into another database (--db)")
        }
        try db.execute(sql: "INSERT INTO generated_seed (id, photo_count, rng_seed) VALUES (1, ?, ?)",
                       arguments: [count, String(rngSeed)])
    }
}
