@testable import FeedModel
@_spi(SQLiteAccess) @testable import FeedStore
import Foundation
import GRDB
import LayoutTestSupport
import StoreTestSupport
import Testing

/// The sync daemon's reverse geocoding in memory (``CityGrid``) answers what the R*Tree search
/// answers, and the store's grid follows the cities when another connection changes them.
@Suite(.blockingWork) struct CityGridTests {
    /// Thousands of seeded coordinates near random cities (border cells, near-ties at the limit)
    /// and anywhere on the map, polar caps and both sides of the antimeridian included.
    @Test(arguments: [75.0, 200.0])
    func theGridAnswersWhatTheRTreeAnswers(maxKilometres: Double) throws {
        let store = GeocodingTests.worldStore
        try store.writer.read { db in
            let search = try NearestCitySearch(db)
            let grid = try CityGrid(db)
            let cities = try Row.fetchAll(db, sql: "SELECT latitude, longitude FROM city")
                .map { (latitude: $0[0] as Double, longitude: $0[1] as Double) }
            #expect(grid.entryCount >= cities.count)
            var random = SeededRandom(seed: 32)
            var found = 0
            let count = 2000
            for index in 0 ..< count {
                let latitude: Double, longitude: Double
                if index % 2 == 0 {
                    let anchor = cities[random.int(in: 0 ... cities.count - 1)]
                    latitude = min(90, max(-90, anchor.latitude + (random.unit() - 0.5) * 1.2))
                    longitude = anchor.longitude + (random.unit() - 0.5) * 1.2
                } else {
                    latitude = (random.unit() - 0.5) * 180
                    longitude = (random.unit() - 0.5) * 360
                }
                let expected = try search.nearestCityID(latitude: latitude, longitude: longitude,
                                                        maxKilometres: maxKilometres)
                #expect(grid.nearestCityID(latitude: latitude, longitude: longitude,
                                           maxKilometres: maxKilometres) == expected, "at \(latitude), \(longitude)")
                if expected != nil { found += 1 }
            }
            #expect(found > count / 3 && found < count, "both hits and misses occur")
        }
    }

    /// The grid kept by the store is current until another connection commits; then a batch of
    /// enough lookups builds it again (with a moved city where it moved), and a smaller one
    /// leaves the R*Tree to answer.
    @Test func theStoresGridFollowsCommitsElsewhere() throws {
        let path = try StoreFixture.path(for: .file)
        let store = try FeedStore(path: path, migrationsDirectory: StoreFixture.migrationsDirectory,
                                  clock: .fixed(StoreFixture.now))
        try store.seedCurated(from: SmallSeed.directory())
        let berlin = (latitude: 52.50, longitude: 13.30)
        let nearest = { (lookups: Int) throws -> Int64?? in
            try store.writer.write { db in
                try store.cityGrids.grid(db, lookups: lookups).map {
                    $0.nearestCityID(latitude: berlin.latitude, longitude: berlin.longitude, maxKilometres: 75)
                }
            }
        }
        let before = try #require(try nearest(1) ?? nil, "the first grid is built for any batch")
        #expect(try nearest(1) == .some(before), "kept")
        let other = try FeedStore(path: path, migrationsDirectory: StoreFixture.migrationsDirectory,
                                  clock: .fixed(StoreFixture.now))
        try other.writer.write { db in
            try db.execute(sql: "UPDATE city SET latitude = -10, longitude = -10 WHERE id = ?", arguments: [before])
        }
        #expect(try nearest(CityGridCache.rebuildLookups - 1) == .none, "stale: the R*Tree answers")
        let after = try #require(try nearest(CityGridCache.rebuildLookups))
        #expect(after != before, "built again: the city moved away")
    }
}
