@testable import FeedModel
@_spi(SQLiteAccess) @testable import FeedStore
import Foundation
import GRDB
import LayoutTestSupport
import StoreTestSupport
import Testing

@Suite(.blockingWork) struct GeocodingTests {
    @Test(arguments: StoreKind.allCases)
    func theNearestCityComesFromTheRTree(kind: StoreKind) throws {
        let store = try StoreFixture.store(kind)
        try store.seedCurated(from: SmallSeed.directory())
        #expect(try store.nearestCity(latitude: 52.50, longitude: 13.30)?.name == "Berlin")
        #expect(try store.nearestCity(latitude: 48.80, longitude: 2.40)?.country == "France")
        #expect(try store.nearestCity(latitude: 30.0, longitude: -40.0) == nil, "mid-Atlantic")
        #expect(try store.nearestCity(latitude: 51.0, longitude: 13.7, maxKilometres: 100) == nil, "Dresden, no Berlin")
        #expect(try store.nearestCity(latitude: 51.0, longitude: 13.7, maxKilometres: 200)?.name == "Berlin")
    }

    @Test func theRealCitiesTableCoversTheWorld() throws {
        let store = try StoreFixture.store(.memory)
        try store.seedCurated(from: StoreFixture.seedDataDirectory)
        #expect(try store.nearestCity(latitude: 35.0116, longitude: 135.7681)?.name == "Kyoto")
        #expect(try store.nearestCity(latitude: 40.7128, longitude: -74.0060)?.region == "New York")
        #expect(try store.nearestCity(latitude: -50.0, longitude: -130.0) == nil)
    }

    /// The curated cities (34,000 GeoNames places), loaded once.
    static let worldStore: FeedStore = {
        let store = try! StoreFixture.store(.memory)
        try! store.seedCurated(from: StoreFixture.seedDataDirectory)
        return store
    }()

    /// The search equals a brute-force nearest search over every city as the R*Tree stores it
    /// (32-bit bounds: the search measures to them), ties to the lower id, on thousands of
    /// seeded coordinates: near random cities (hits, misses and near-ties at the limit) and
    /// anywhere on the map (open sea). Longitudes stay off the antimeridian, which the boxes do
    /// not wrap.
    @Test(.tags(.slow), .notInQuickRuns, arguments: [75.0, 200.0])
    func theSearchEqualsABruteForceNearestSearch(maxKilometres: Double) throws {
        let cities = try Self.worldStore.writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT id, (min_latitude + max_latitude) / 2, (min_longitude + max_longitude) / 2 FROM city_rtree
                """).map { (id: $0[0] as Int64, latitude: $0[1] as Double, longitude: $0[2] as Double) }
                .sorted { $0.latitude < $1.latitude }
        }
        #expect(cities.count > 30_000)
        var random = SeededRandom(seed: 2024)
        let count = maxKilometres == 75 ? 3000 : 600
        var found = 0
        try Self.worldStore.writer.read { db in
            let search = try NearestCitySearch(db)
            for index in 0 ..< count {
                let latitude: Double, longitude: Double
                if index % 2 == 0 {
                    let anchor = cities[random.int(in: 0 ... cities.count - 1)]
                    latitude = min(85, max(-85, anchor.latitude + random.double(in: -0.8 ... 0.8, step: 0.0001)))
                    longitude = min(178, max(-178, anchor.longitude + random.double(in: -0.8 ... 0.8, step: 0.0001)))
                } else {
                    latitude = random.double(in: -60 ... 70, step: 0.0001)
                    longitude = random.double(in: -178 ... 178, step: 0.0001)
                }
                // Great-circle distance is at least the latitude difference: a conservative band.
                let band = maxKilometres / 111.0 + 0.01
                var lower = 0, upper = cities.count
                while lower < upper {
                    let middle = (lower + upper) / 2
                    if cities[middle].latitude < latitude - band { lower = middle + 1 } else { upper = middle }
                }
                var best: (id: Int64, distance: Double)?
                for city in cities[lower...].prefix(while: { $0.latitude <= latitude + band }) {
                    let distance = Self.greatCircleKilometres(latitude, longitude, city.latitude, city.longitude)
                    guard distance <= maxKilometres else { continue }
                    if let current = best,
                       current.distance < distance || (current.distance == distance && current.id < city.id) {
                        continue
                    }
                    best = (city.id, distance)
                }
                let answer = try search.nearestCityID(latitude: latitude, longitude: longitude,
                                                      maxKilometres: maxKilometres)
                #expect(answer == best?.id, "at \(latitude), \(longitude)")
                if answer != nil { found += 1 }
            }
        }
        #expect(found > count / 3 && found < count, "both hits and misses occur")
    }

    /// The reference distance, written here rather than taken from the search: the haversine
    /// formula on a sphere of the Earth's mean radius (6371 km), as an arcsine.
    static func greatCircleKilometres(_ latitude1: Double, _ longitude1: Double,
                                      _ latitude2: Double, _ longitude2: Double) -> Double {
        func haversine(_ degrees: Double) -> Double {
            let half = sin(degrees * .pi / 360)
            return half * half
        }
        let cosines = cos(latitude1 * .pi / 180) * cos(latitude2 * .pi / 180)
        let h = haversine(latitude2 - latitude1) + cosines * haversine(longitude2 - longitude1)
        return 2 * 6371 * asin(min(1, h.squareRoot()))
    }
}
