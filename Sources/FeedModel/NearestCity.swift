import Foundation

/// Reverse geocoding's maths, whatever holds the cities: the nearest city to a coordinate by
/// great-circle distance, searched through boxes of growing size. Every store and the in-memory
/// grid run this one search with this one distance and tie-break, so all of them give the
/// answer a brute-force scan of every city gives.
///
/// The search asks a source of box queries (the SQLite store's `city_rtree` R*Tree, a
/// ``CityGrid`` in memory, PostgreSQL's `city_position` B-tree) for the cities in the boxes
/// around the point that hold every point within `r` km (``boxes(latitude:longitude:radius:)``:
/// the exact latitude and longitude extent of that spherical cap, widened by a hair for rounding,
/// split in two across the antimeridian, all longitudes around a pole), with `r` starting small
/// (5 km: most photos are taken in towns) and tripling until a city is found or `r` passes the
/// limit. The nearest candidate within `r` is then the nearest of all; a farther one (a box
/// corner) widens the search to its distance once more. A source may return more cities than
/// the boxes hold (the R*Tree's bounds are rounded outwards): that changes no answer.
///
/// Distances are measured to each city's own coordinates (`city.latitude`, `city.longitude`),
/// by ``kilometres(_:_:_:_:)``; the nearer of two candidates is the one at the smaller distance,
/// then the lower id (``isNearer(_:than:)``).
///
/// ```swift
/// let km = NearestCity.kilometres(46.95, 7.45, 47.37, 8.54)  // Bern to Zürich, ≈ 95
/// ```
public enum NearestCity {
    /// The Earth's mean radius, in kilometres: the sphere distances are measured on.
    public static let earthRadius = 6371.0

    /// A search box: the cities whose coordinates lie in it (bounds included).
    package struct Box: Equatable {
        package var minLatitude: Double
        package var maxLatitude: Double
        package var minLongitude: Double
        package var maxLongitude: Double
    }

    /// A city found by a search, and its distance from the point.
    package typealias Candidate = (id: Int64, distance: Double)

    /// Visits every city of a ``Box`` once or more, in any order: its id, latitude and longitude.
    package typealias BoxQuery = (Box, _ visit: (Int64, Double, Double) -> Void) throws -> Void

    /// The search described above over any source of box queries.
    package static func nearestCityID(latitude: Double, longitude: Double, maxKilometres: Double,
                                      boxes: BoxQuery) throws -> Int64? {
        var radius = min(5.0, maxKilometres)
        while true {
            if let found = try nearestCity(latitude: latitude, longitude: longitude, radius: radius,
                                           maxKilometres: maxKilometres, boxes: boxes) {
                if found.distance <= radius { return found.id }
                // The nearest candidate lies in a corner of the box: look as far as it once more.
                return try nearestCity(latitude: latitude, longitude: longitude, radius: found.distance,
                                       maxKilometres: maxKilometres, boxes: boxes)?.id
            }
            if radius >= maxKilometres { return nil }
            radius = min(radius * 3, maxKilometres)
        }
    }

    /// The nearest city within `maxKilometres` among those in the boxes of `radius` km.
    private static func nearestCity(latitude: Double, longitude: Double, radius: Double, maxKilometres: Double,
                                    boxes query: BoxQuery) throws -> Candidate? {
        var best: Candidate?
        for box in boxes(latitude: latitude, longitude: longitude, radius: radius) {
            try query(box) { id, cityLatitude, cityLongitude in
                let distance = kilometres(latitude, longitude, cityLatitude, cityLongitude)
                guard distance <= maxKilometres else { return }
                if let current = best, !isNearer((id, distance), than: current) { return }
                best = (id, distance)
            }
        }
        return best
    }

    /// Whether `candidate` is nearer than `other`: a smaller distance, or the same and a lower id.
    package static func isNearer(_ candidate: Candidate, than other: Candidate) -> Bool {
        candidate.distance < other.distance || (candidate.distance == other.distance && candidate.id < other.id)
    }

    /// The boxes that hold every point within `radius` km of the point: one, two when the
    /// longitudes cross ±180 (each side in its own box), every longitude when the cap holds a
    /// pole. The extent is the cap's own (latitude ± r/R; longitude ± asin(sin(r/R) / cos φ)),
    /// widened by a billionth and a billionth of a degree, so that rounding never leaves out a
    /// city the distance puts inside.
    package static func boxes(latitude: Double, longitude: Double, radius: Double) -> [Box] {
        let angle = radius / earthRadius
        let latitudeSpread = degrees(angle)
        let minLatitude = latitude - latitudeSpread, maxLatitude = latitude + latitudeSpread
        let cosine = cos(latitude * .pi / 180)
        guard minLatitude > -90, maxLatitude < 90, angle < .pi / 2, sin(angle) < cosine else {
            return [Box(minLatitude: minLatitude, maxLatitude: maxLatitude, minLongitude: -180, maxLongitude: 180)]
        }
        let longitudeSpread = degrees(asin(sin(angle) / cosine))
        let west = longitude - longitudeSpread, east = longitude + longitudeSpread
        var boxes = [Box(minLatitude: minLatitude, maxLatitude: maxLatitude, minLongitude: max(-180, west),
                         maxLongitude: min(180, east))]
        if west < -180 {
            boxes.append(Box(minLatitude: minLatitude, maxLatitude: maxLatitude, minLongitude: west + 360,
                             maxLongitude: 180))
        }
        if east > 180 {
            boxes.append(Box(minLatitude: minLatitude, maxLatitude: maxLatitude, minLongitude: -180,
                             maxLongitude: east - 360))
        }
        return boxes
    }

    /// `radians` in degrees, widened for rounding.
    private static func degrees(_ radians: Double) -> Double {
        radians * 180 / .pi * (1 + 1e-9) + 1e-9
    }

    /// The great-circle distance in kilometres between two points given in degrees: haversine
    /// distance on a sphere of ``earthRadius``.
    public static func kilometres(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let radians = Double.pi / 180
        let dLat = (lat2 - lat1) * radians
        let dLon = (lon2 - lon1) * radians
        let a = sin(dLat / 2) * sin(dLat / 2)
            + cos(lat1 * radians) * cos(lat2 * radians) * sin(dLon / 2) * sin(dLon / 2)
        return earthRadius * 2 * atan2(a.squareRoot(), (1 - a).squareRoot())
    }
}
