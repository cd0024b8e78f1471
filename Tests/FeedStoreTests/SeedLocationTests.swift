@testable import FeedModel
@_spi(SQLiteAccess) @testable import FeedStore
import Foundation
import GRDB
import LayoutTestSupport
import Testing

/// Photos are taken near cities: every curated and generated location lies within
/// ``CityLocationSampler/maxOffsetKilometres`` of a GeoNames city, far inside the reverse
/// geocoder's 75 km, so every geocode finds a place (and no cell shows ASDKgram's `ERROR`).
@Suite(.blockingWork) struct SeedLocationTests {
    /// A little more than the sampler's 8 km: coordinates are rounded to 5 decimals, and the
    /// R*Tree measures to its 32-bit bounds.
    static let nearKilometres = 8.1

    /// Every location of `store`, in id order.
    static func locations(_ store: FeedStore, idsAbove: Int64 = 0) throws -> [Location] {
        try store.writer.read { db in
            try Location.filter(Location.Columns.id > idsAbove).order(Location.Columns.id).fetchAll(db)
        }
    }

    @Test func everyCuratedLocationIsNearACityAndGeocodesToAPlace() throws {
        // Given the curated set with its 34,000 cities
        let store = GeocodingTests.worldStore
        let locations = try Self.locations(store).filter { $0.id < SyntheticFeedGenerator.idBase }
        // Then all 2,217 locations (of 2,400 photos) lie within 8 km of a city
        #expect(locations.count == 2217)
        let far = try locations.filter {
            try store.nearestCity(latitude: $0.latitude, longitude: $0.longitude,
                                  maxKilometres: Self.nearKilometres) == nil
        }
        #expect(far.map(\.id) == [])
        // And the geocoder finds a place with a locality and a country for each
        let geocoder = ReverseGeocoder()
        let places = try locations.compactMap {
            try geocoder.placemark(latitude: $0.latitude, longitude: $0.longitude, in: store)
        }
        #expect(places.count == 2217)
        #expect(places.allSatisfy { !$0.locality.isEmpty && !$0.country.isEmpty })
    }

    @Test func generatedLocationsAreNearCities() throws {
        // Given 400 generated photos with the real cities
        let store = try StoreFixture.store(.memory)
        let counts = try store.seedGenerated(count: 400, rngSeed: 21, seedDataDirectory: StoreFixture.seedDataDirectory)
        let locations = try Self.locations(store, idsAbove: SyntheticFeedGenerator.idBase)
        // Then about 8% have no location, and each other lies within 8 km of a city
        #expect(counts.photos == 400)
        #expect(locations.count == 367)
        let far = try locations.filter {
            try store.nearestCity(latitude: $0.latitude, longitude: $0.longitude,
                                  maxKilometres: Self.nearKilometres) == nil
        }
        #expect(far.map(\.id) == [])
        // And the draw is deterministic: the same seed gives the same coordinates
        let first = try #require(locations.first)
        #expect(first.id == SyntheticFeedGenerator.idBase + 1)
        #expect([first.latitude, first.longitude] == [13.74742, 100.49949])
        #expect(try store.nearestCity(latitude: first.latitude, longitude: first.longitude)?.name == "Bangkok")
    }

    @Test func aCityIsPickedByPopulationAndTheOffsetStaysWithinEightKilometres() throws {
        let small = City(id: 1, name: "Small", region: nil, countryCode: "AA", country: "A", latitude: 10,
                         longitude: 20, population: 1)
        let large = City(id: 2, name: "Large", region: nil, countryCode: "BB", country: "B", latitude: -30,
                         longitude: 179.99, population: 3)
        let sampler = CityLocationSampler(cities: [small, large])
        // Populations 1 and 3: the first quarter of the draw picks the small city, the rest the large
        #expect(sampler.location(city: 0.2, distance: 0, bearing: 0).map { [$0.latitude, $0.longitude] } == [10, 20])
        #expect(sampler.location(city: 0.25, distance: 0, bearing: 0).map { [$0.latitude, $0.longitude] }
            == [-30, 179.99])
        // The farthest draw due north is 8 km (0.07195°) north; due east past the antimeridian wraps
        #expect(sampler.location(city: 0, distance: 1, bearing: 0).map { [$0.latitude, $0.longitude] }
            == [10.07195, 20])
        let east = try #require(sampler.location(city: 0.9, distance: 1, bearing: 0.25))
        #expect(east.latitude == -30)
        #expect(east.longitude == -179.92692)
        #expect(CityLocationSampler(cities: []).location(city: 0.5, distance: 0.5, bearing: 0.5) == nil)
    }
}
