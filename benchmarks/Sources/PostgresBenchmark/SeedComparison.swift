import FeedModel
import FeedStorePostgres
import Foundation

/// Seeding the generated set on PostgreSQL two ways, in two schemas of one database: the store's
/// own path (``PostgresFeedStore/seedGenerated(count:rngSeed:seedDataDirectory:progress:)``:
/// generating the rows, COPY, the sync jobs, one transaction) and the peer, `psql`'s `\copy` of
/// the very rows the store wrote (exported to files first) into an empty migrated schema, one
/// transaction. Only the two loads are timed.
struct SeedComparison {
    /// The tables the seed fills, parents first.
    static let tables = ["city", "\"user\"", "location", "photo", "comment", "sync_job"]

    let psql: Psql
    let base: PostgresLocation
    let root: URL
    let work: URL

    /// The seeded store (schema `ours`), its seconds, and the peer's seconds.
    func run(photos: Int, ours: String, peer: String) throws -> (store: PostgresFeedStore, ours: Double, peer: Double) {
        try psql.run(["DROP SCHEMA IF EXISTS \(ours) CASCADE", "DROP SCHEMA IF EXISTS \(peer) CASCADE",
                      "CREATE SCHEMA \(ours)", "CREATE SCHEMA \(peer)"])
        var location = base
        location.searchPath = ours
        let store = try PostgresFeedStore(location: location, clock: .fixed(Date(timeIntervalSince1970: 1_750_000_000)))
        let seedData = root.appendingPathComponent("seed-data")
        var counts: SeedCounts?
        let oursSeconds = try Timing.seconds {
            counts = try store.seedGenerated(count: photos, rngSeed: 1, seedDataDirectory: seedData, progress: nil)
        }
        print("PostgreSQL store seeded \(photos) photos in \(String(format: "%.2f", oursSeconds)) s: \(counts!)")

        // The peer: the same rows, exported, then loaded by psql's \copy into the peer's schema.
        try psql.run(Self.tables.map { "\\copy \(ours).\($0) TO '\(file($0))'" })
        location.searchPath = peer
        _ = try PostgresFeedStore(location: location)  // migrates the peer's schema
        let script = work.appendingPathComponent("peer-copy.sql")
        try (["SET search_path TO \(peer);"] + Self.tables.map { "\\copy \($0) FROM '\(file($0))'" })
            .joined(separator: "\n").appending("\n").write(to: script, atomically: true, encoding: .utf8)
        let peerSeconds = try Timing.seconds { try psql.runScript(script.path) }
        print("psql \\copy of the same rows: \(String(format: "%.2f", peerSeconds)) s")
        try psql.run(["DROP SCHEMA \(peer) CASCADE"])
        for table in Self.tables { try? FileManager.default.removeItem(atPath: file(table)) }
        return (store, oursSeconds, peerSeconds)
    }

    private func file(_ table: String) -> String {
        work.appendingPathComponent(table.replacingOccurrences(of: "\"", with: "") + ".copy").path
    }
}
