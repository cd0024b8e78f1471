import FeedModel
@_spi(SQLiteAccess) @testable import FeedStore
@testable import FeedStorePostgres
import Foundation
import GRDB
import LayoutTestSupport
import Testing

/// Reverse geocoding names the same city on both stores, and in the SQLite daemon's grid: the
/// city a scan of every city finds (nearest by ``NearestCity/kilometres(_:_:_:_:)``, then the
/// lower id), for many seeded points near cities, halfway between neighbouring cities (near-ties)
/// and anywhere on the globe (polar caps and both sides of the antimeridian included).
@Suite("The nearest city on SQLite and PostgreSQL", .blockingWork, .timeLimit(minutes: 10))
struct SharedNearestCityTests {
    /// Points per run: each store answers them in a few seconds (the brute force takes as long).
    static let count = 100_000
    static let maxKilometres = 75.0

    typealias City = (id: Int64, latitude: Double, longitude: Double)

    @Test func everySearchGivesTheBruteForceAnswer() async throws {
        // Seconds of CPU and blocking store calls: on threads of their own, not the cooperative pool.
        let outcome: Result<Void, any Error> = await BlockingWorkThreads.run { Result { try Self.compareEverySearch() } }
        try outcome.get()
    }

    static func compareEverySearch() throws {
        // Given the curated cities on both stores
        let sqlite = try FeedStore(path: ":memory:", migrationsDirectory: StoreFactory.sqliteMigrations)
        _ = try sqlite.seedCurated(from: StoreFactory.seedDataDirectory)
        let postgres = try StoreFactory.postgres()
        _ = try postgres.seedCurated(from: StoreFactory.seedDataDirectory, progress: nil)
        let cities = try sqlite.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT id, latitude, longitude FROM city ORDER BY latitude, id")
                .map { City(id: $0[0], latitude: $0[1], longitude: $0[2]) }
        }
        #expect(cities.count > 30_000)
        let points = points(cities)

        // When each search answers every point
        let expected = points.map { bruteForce($0, cities) }
        let (rtree, grid) = try sqlite.writer.read { db in
            let search = try NearestCitySearch(db), grid = try CityGrid(db)
            return (try points.map { try search.nearestCityID(latitude: $0.latitude, longitude: $0.longitude,
                                                             maxKilometres: maxKilometres) },
                    points.map { grid.nearestCityID(latitude: $0.latitude, longitude: $0.longitude,
                                                    maxKilometres: maxKilometres) })
        }
        let server = try postgres.blockingSession { session in
            try await PostgresCitySearch(session: session).nearestCityIDs(points, maxKilometres: maxKilometres)
        }

        // Then each gives the brute-force answer for every point
        for (name, answers) in [("SQLite R*Tree", rtree), ("SQLite grid", grid), ("PostgreSQL", server)] {
            let wrong = points.indices.filter { answers[$0] != expected[$0] }
            let differing = wrong.count, first = wrong.first.map { "\(points[$0])" } ?? "none"
            #expect(differing == 0, "\(name): \(differing) of \(points.count) differ, the first at \(first)")
        }
        #expect(expected.count { $0 != nil } > count / 2, "most points have a city within the limit")
    }

    /// Seeded points: near a city, halfway between a city and its nearest neighbour in latitude
    /// order (a near-tie), or anywhere (uniform on the sphere).
    static func points(_ cities: [City]) -> [ScheduledJob.Coordinate] {
        var random = SeededRandom(seed: 46)
        return (0 ..< count).map { index in
            switch index % 10 {
            case 0 ..< 4:
                let city = cities[random.int(in: 0 ... cities.count - 1)]
                let spread = 0.6 / max(0.05, cos(city.latitude * .pi / 180))
                return ScheduledJob.Coordinate(latitude: min(90, max(-90, city.latitude + (random.unit() - 0.5) * 1.2)),
                                               longitude: wrapped(city.longitude + (random.unit() - 0.5) * 2 * spread))
            case 4 ..< 7:
                let index = random.int(in: 0 ... cities.count - 2)
                let city = cities[index]
                let neighbour = cities[(index + 1) ... min(cities.count - 1, index + 20)].min { a, b in
                    NearestCity.kilometres(city.latitude, city.longitude, a.latitude, a.longitude)
                        < NearestCity.kilometres(city.latitude, city.longitude, b.latitude, b.longitude)
                }!
                return ScheduledJob.Coordinate(latitude: (city.latitude + neighbour.latitude) / 2,
                                               longitude: (city.longitude + neighbour.longitude) / 2)
            default:
                return ScheduledJob.Coordinate(latitude: asin(2 * random.unit() - 1) * 180 / .pi,
                                               longitude: random.unit() * 360 - 180)
            }
        }
    }

    static func wrapped(_ longitude: Double) -> Double {
        longitude > 180 ? longitude - 360 : longitude < -180 ? longitude + 360 : longitude
    }

    /// The nearest city within the limit by a scan of every city that could be nearer: outwards
    /// from the point's latitude in `cities` (sorted by latitude) while the latitude difference
    /// alone (a lower bound of the distance) is within the best distance so far.
    static func bruteForce(_ point: ScheduledJob.Coordinate, _ cities: [City]) -> Int64? {
        var best: NearestCity.Candidate?
        let kilometresPerDegree = NearestCity.earthRadius * .pi / 180
        func bound() -> Double { (best?.distance ?? maxKilometres) * (1 + 1e-6) + 1e-6 }
        func consider(_ city: City) {
            let distance = NearestCity.kilometres(point.latitude, point.longitude, city.latitude, city.longitude)
            guard distance <= maxKilometres else { return }
            if let current = best, !NearestCity.isNearer((city.id, distance), than: current) { return }
            best = (city.id, distance)
        }
        var upper = cities.partitioningIndex { $0.latitude >= point.latitude }
        var lower = upper - 1
        while upper < cities.count || lower >= 0 {
            let up = upper < cities.count ? (cities[upper].latitude - point.latitude) * kilometresPerDegree : .infinity
            let down = lower >= 0 ? (point.latitude - cities[lower].latitude) * kilometresPerDegree : .infinity
            if min(up, down) > bound() { break }
            if up <= down {
                consider(cities[upper])
                upper += 1
            } else {
                consider(cities[lower])
                lower -= 1
            }
        }
        return best?.id
    }
}

extension Array {
    /// The first index whose element satisfies `belongs`, which holds for a suffix of the array.
    fileprivate func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if belongs(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
