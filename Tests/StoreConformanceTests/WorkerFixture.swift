import FeedModel
import FeedStorePostgres
import FeedSync
import Foundation
import PhotoFeed

/// Databases for the many-worker tests: fresh schemas of a PostgreSQL cluster, each seeded with
/// the same generated photos and their layouts cached at 375 points, so relayout has work.
enum WorkerFixture {
    static let width = 375.0

    /// A new schema of `cluster` (the test cluster by default) seeded with `photos` generated
    /// photos, their layouts cached.
    static func seededSchema(photos: Int, in cluster: PostgresLocation? = nil) throws -> PostgresLocation {
        let location = try cluster.map(TestCluster.freshSchema(in:)) ?? TestCluster.freshSchema()
        let store = try open(location)
        _ = try store.seedGenerated(count: photos, rngSeed: 4, seedDataDirectory: StoreFactory.seedDataDirectory,
                                    progress: nil)
        let controller = try FeedController(store: store)
        var cursor: FeedCursor?
        repeat {
            let page = try controller.page(width: width, scale: 2, limit: 200, after: cursor)
            cursor = page.next
        } while cursor != nil
        return location
    }

    static func open(_ location: PostgresLocation, reconnect: ReconnectPolicy = .none) throws -> PostgresFeedStore {
        try PostgresFeedStore(location: location, migrationsDirectory: StoreFactory.postgresMigrations,
                              reconnect: reconnect)
    }
}
