import Foundation
import Testing
@testable import FeedStore

@Suite struct GeocodingTests {
    @Test(arguments: StoreKind.allCases)
    func theNearestCityComesFromTheRTree(kind: StoreKind) throws {
        let store = try StoreFixture.store(kind)
        try store.seedCurated(from: StoreFixture.smallSeedDirectory())
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
}
