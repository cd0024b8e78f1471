import Foundation

/// Loading a store: the curated set of `seed-data/`, or generated photos, each in one
/// transaction (a bad file or a failure half-way leaves the store as it was), upserting by id.
/// `FeedStore` is the SQLite implementation.
public protocol FeedSeeding: Sendable {
    /// Loads the curated users, photos, comments and cities of `directory`.
    @discardableResult
    func seedCurated(from directory: URL, progress: SeedProgress.Handler?) throws -> SeedCounts
    /// Generates `count` photos from `rngSeed` and loads them with the cities of `directory`.
    @discardableResult
    func seedGenerated(count: Int, rngSeed: UInt64, seedDataDirectory directory: URL,
                       progress: SeedProgress.Handler?) throws -> SeedCounts
    /// Rows now in the store.
    func counts() throws -> SeedCounts
}
