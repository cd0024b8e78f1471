import Foundation

/// Reverse geocoding's maths, whatever holds the cities: the nearest city to a coordinate by
/// great-circle distance, searched through boxes of growing size.
///
/// The search asks a source of box queries (the SQLite store's `city_rtree` R*Tree, a
/// ``CityGrid`` holding the same bounds in memory) for the cities in a box around the point,
/// about `2r` km wide, with `r` starting small (5 km: most photos are taken in towns) and
/// tripling until a city is found or `r` passes the limit. The nearest candidate by great-circle
/// distance is the answer once it lies within the box's inscribed circle; a farther one (a box
/// corner) widens the box to its distance once more, so a nearer city just outside the box is
/// never missed. Distances are measured to the source's own coordinates; equal distances go to
/// the lower id.
///
/// ```swift
/// let km = NearestCity.kilometres(46.95, 7.45, 47.37, 8.54)  // Bern to Zürich, ≈ 95
/// ```
public enum NearestCity {
    /// Kilometres per degree of latitude.
    public static let kilometresPerDegree = 111.195

    /// A search box: the cities whose bounds meet it, as the R*Tree's
    /// `max_latitude >= minLatitude AND min_latitude <= maxLatitude AND …` selects them.
    package struct Box {
        package var minLatitude: Double
        package var maxLatitude: Double
        package var minLongitude: Double
        package var maxLongitude: Double
    }

    /// Visits every city of a ``Box`` once or more, in any order: its id and bounds (minimum and
    /// maximum latitude, minimum and maximum longitude).
    package typealias BoxQuery = (Box, _ visit: (Int64, Double, Double, Double, Double) -> Void) throws -> Void

    /// The search described above over any source of box queries. The answer depends only on
    /// which cities each box holds (the best candidate is the least by distance, then id), so
    /// every source gives the same one.
    package static func nearestCityID(latitude: Double, longitude: Double, maxKilometres: Double,
                                      boxes: BoxQuery) throws -> Int64? {
        var radius = min(5.0, maxKilometres)
        while true {
            if let (id, distance) = try nearestCity(latitude: latitude, longitude: longitude, radius: radius,
                                                    maxKilometres: maxKilometres, boxes: boxes) {
                if distance <= radius { return id }
                // The nearest candidate lies in a corner of the box: look as far as it once more.
                return try nearestCity(latitude: latitude, longitude: longitude, radius: distance,
                                       maxKilometres: maxKilometres, boxes: boxes)?.id
            }
            if radius >= maxKilometres { return nil }
            radius = min(radius * 3, maxKilometres)
        }
    }

    /// The nearest city within `maxKilometres` among those in the box of half-side `radius` km.
    private static func nearestCity(latitude: Double, longitude: Double, radius: Double, maxKilometres: Double,
                                    boxes: BoxQuery) throws -> (id: Int64, distance: Double)? {
        let latitudeBox = radius / kilometresPerDegree
        let longitudeBox = min(180, latitudeBox / max(0.01, cos(latitude * .pi / 180)))
        var best: (id: Int64, distance: Double)?
        let box = Box(minLatitude: latitude - latitudeBox, maxLatitude: latitude + latitudeBox,
                      minLongitude: longitude - longitudeBox, maxLongitude: longitude + longitudeBox)
        try boxes(box) { id, minLatitude, maxLatitude, minLongitude, maxLongitude in
            // Points are degenerate boxes; the R*Tree keeps 32-bit bounds rounded outwards.
            let cityLatitude = (minLatitude + maxLatitude) / 2
            let cityLongitude = (minLongitude + maxLongitude) / 2
            let distance = kilometres(latitude, longitude, cityLatitude, cityLongitude)
            guard distance <= maxKilometres else { return }
            if let current = best, current.distance < distance || (current.distance == distance && current.id < id) {
                return
            }
            best = (id, distance)
        }
        return best
    }

    /// The great-circle distance in kilometres between two points given in degrees: haversine
    /// distance on a sphere of the Earth's mean radius.
    public static func kilometres(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let radians = Double.pi / 180
        let dLat = (lat2 - lat1) * radians
        let dLon = (lon2 - lon1) * radians
        let a = sin(dLat / 2) * sin(dLat / 2)
            + cos(lat1 * radians) * cos(lat2 * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 6371.0 * 2 * atan2(a.squareRoot(), (1 - a).squareRoot())
    }
}
