import Foundation
import GRDB

/// Reverse geocoding's search on one connection: the nearest GeoNames city to a coordinate
/// through the `city_rtree` R*Tree index, then that city's names.
///
/// Take one per database access and run as many lookups through it as needed (the sync daemon
/// takes one per batch): its two statements are taken from the connection's cache once, bound
/// and read through SQLite's C API (``RawStatement``), so a lookup costs the R*Tree's own work.
///
/// The search asks the R*Tree for the cities in a box around the point, about `2r` km wide,
/// with `r` starting small (5 km: most photos are taken in towns) and tripling until a city is
/// found or `r` passes the limit. The nearest candidate by great-circle distance is the answer
/// once it lies within the box's inscribed circle; a farther one (a box corner) widens the box to
/// its distance once more, so a nearer city just outside the box is never missed. Distances are
/// measured to the R*Tree's own coordinates; equal distances go to the lower id.
public struct NearestCitySearch {
    static let kilometresPerDegree = 111.195

    private let box: RawStatement
    private let names: RawStatement

    /// The names of a city, as reverse geocoding shows them.
    public struct CityNames: Hashable, Sendable {
        public var name: String
        public var region: String?
        public var country: String
        public var administrativeArea: String?
        public var subAdministrativeArea: String?
    }

    public init(_ db: Database) throws {
        box = try RawStatement(db, sql: """
            SELECT id, min_latitude, max_latitude, min_longitude, max_longitude FROM city_rtree
            WHERE max_latitude >= ? AND min_latitude <= ? AND max_longitude >= ? AND min_longitude <= ?
            """)
        names = try RawStatement(db, sql: """
            SELECT name, region, country, administrative_area, sub_administrative_area FROM city WHERE id = ?
            """)
    }

    /// The id of the nearest city within `maxKilometres` of a coordinate, or nil (out at sea, in
    /// the desert).
    public func nearestCityID(latitude: Double, longitude: Double, maxKilometres: Double) throws -> Int64? {
        try Self.nearestCityID(latitude: latitude, longitude: longitude, maxKilometres: maxKilometres) { bounds, visit in
            try box.forEachRow(bounds.minLatitude, bounds.maxLatitude, bounds.minLongitude, bounds.maxLongitude) {
                visit(box.int64(at: 0), box.double(at: 1), box.double(at: 2), box.double(at: 3), box.double(at: 4))
            }
        }
    }

    /// The names of the city with this id, or nil when there is none.
    public func names(ofCity id: Int64) throws -> CityNames? {
        try names.firstRow(id) {
            CityNames(name: names.string(at: 0) ?? "", region: names.string(at: 1), country: names.string(at: 2) ?? "",
                      administrativeArea: names.string(at: 3), subAdministrativeArea: names.string(at: 4))
        }
    }

    /// A search box: the cities whose R*Tree bounds meet it, as the R*Tree's
    /// `max_latitude >= minLatitude AND min_latitude <= maxLatitude AND …` selects them.
    struct Box {
        var minLatitude: Double
        var maxLatitude: Double
        var minLongitude: Double
        var maxLongitude: Double
    }

    /// Visits every city of a ``Box`` once or more, in any order: its id and R*Tree bounds
    /// (minimum and maximum latitude, minimum and maximum longitude).
    typealias BoxQuery = (Box, _ visit: (Int64, Double, Double, Double, Double) -> Void) throws -> Void

    /// The search described above over any source of box queries: the R*Tree, or a ``CityGrid``
    /// holding the same bounds. The answer depends only on which cities each box holds (the best
    /// candidate is the least by distance, then id), so every source gives the same one.
    static func nearestCityID(latitude: Double, longitude: Double, maxKilometres: Double,
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

    /// Haversine distance on a sphere of the Earth's mean radius.
    static func kilometres(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let radians = Double.pi / 180
        let dLat = (lat2 - lat1) * radians
        let dLon = (lon2 - lon1) * radians
        let a = sin(dLat / 2) * sin(dLat / 2)
            + cos(lat1 * radians) * cos(lat2 * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 6371.0 * 2 * atan2(a.squareRoot(), (1 - a).squareRoot())
    }
}
