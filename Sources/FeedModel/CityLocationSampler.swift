import Foundation

/// Where generated photos are taken: near GeoNames cities, as real photos are taken where people
/// are (and so the reverse geocoder, ``ReverseGeocoder``, finds a place for every one of them).
///
/// A city is picked with a probability proportional to its population (a city without one counts
/// as 1, so that every city can be picked), then the location is moved up to
/// ``maxOffsetKilometres`` from it in a random direction, uniformly over that disc: far inside
/// the geocoder's 75 km, so its nearest city is this one or a closer one. The curated set's
/// script (`seed-data/tools/generate_seed_data.py`) draws its locations by the same rule.
///
/// Each location takes three uniform draws, whatever the number of cities: a binary search over
/// the cumulative populations (about 15 steps for the 34,000 cities), so the generator stays as
/// fast at any count.
///
/// ```swift
/// let sampler = CityLocationSampler(cities: cities)
/// let (latitude, longitude) = sampler.location(city: random.unit(), distance: random.unit(),
///                                              bearing: random.unit())!
/// ```
struct CityLocationSampler: Sendable {
    /// How far from its city a location may be, in km.
    static let maxOffsetKilometres = 8.0
    /// Kilometres per degree of latitude, on the geocoder's sphere of radius 6371 km.
    static let kilometresPerDegree = 6371.0 * Double.pi / 180

    private let latitudes: [Double]
    private let longitudes: [Double]
    /// `cumulativePopulations[i]` is the sum of the weights of cities `0...i`.
    private let cumulativePopulations: [Int64]

    init(cities: [City]) {
        latitudes = cities.map(\.latitude)
        longitudes = cities.map(\.longitude)
        var total: Int64 = 0
        cumulativePopulations = cities.map { city in
            total += Int64(max(city.population, 1))
            return total
        }
    }

    /// Whether there is no city to draw from (generated photos then have no location).
    var isEmpty: Bool { cumulativePopulations.isEmpty }

    /// The location for three uniform draws in [0, 1): `city` picks the city, `distance` and
    /// `bearing` the offset from it. Nil without cities. Rounded to 5 decimals (about a metre), as
    /// the curated set's coordinates are.
    func location(city: Double, distance: Double, bearing: Double) -> (latitude: Double, longitude: Double)? {
        guard let total = cumulativePopulations.last else { return nil }
        let target = min(Int64(city * Double(total)), total - 1)
        // The first city whose cumulative population exceeds the target.
        var lower = 0, upper = cumulativePopulations.count - 1
        while lower < upper {
            let middle = (lower + upper) / 2
            if cumulativePopulations[middle] > target { upper = middle } else { lower = middle + 1 }
        }
        let degrees = Self.maxOffsetKilometres * distance.squareRoot() / Self.kilometresPerDegree
        let angle = 2 * Double.pi * bearing
        let latitude = min(89.9, max(-89.9, latitudes[lower] + degrees * cos(angle)))
        var longitude = longitudes[lower] + degrees * sin(angle) / max(cos(latitude * .pi / 180), 0.01)
        if longitude >= 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
        return ((latitude * 1e5).rounded() / 1e5, (longitude * 1e5).rounded() / 1e5)
    }
}
