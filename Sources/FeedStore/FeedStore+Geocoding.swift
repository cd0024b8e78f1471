import Foundation
import GRDB

/// Reverse geocoding's search: the nearest GeoNames city to a coordinate through the `city_rtree`
/// R*Tree index. One implementation serves the store's ``nearestCity(latitude:longitude:maxKilometres:)``
/// and the sync daemon's geocoder, which runs it inside its write transaction.
extension FeedStore {
    static let kilometresPerDegree = 111.195

    /// The nearest city within `maxKilometres` of a coordinate, or nil (out at sea, in the desert).
    public func nearestCity(latitude: Double, longitude: Double, maxKilometres: Double = 75) throws -> City? {
        try writer.read { db in
            guard let id = try Self.nearestCityID(latitude: latitude, longitude: longitude,
                                                  maxKilometres: maxKilometres, db: db) else { return nil }
            return try City.fetchOne(db, key: id)
        }
    }

    /// The id of the nearest city within `maxKilometres`, read through `db`.
    ///
    /// The search asks the R*Tree for the cities in a box around the point, about `2r` km wide,
    /// with `r` starting small (5 km: most photos are taken in towns) and tripling until a city is
    /// found or `r` passes `maxKilometres`. The nearest candidate by great-circle distance is the
    /// answer once it lies within the box's inscribed circle; a farther one (a box corner) widens
    /// the box to its distance once more, so a nearer city just outside the box is never missed.
    /// Only the R*Tree's own coordinates are read: a lookup costs a few microseconds.
    public static func nearestCityID(latitude: Double, longitude: Double, maxKilometres: Double,
                                     db: Database) throws -> Int64? {
        var radius = min(5.0, maxKilometres)
        while true {
            if let (id, distance) = try nearestCity(latitude: latitude, longitude: longitude, radius: radius,
                                                    maxKilometres: maxKilometres, db: db) {
                if distance <= radius { return id }
                // The nearest candidate lies in a corner of the box: look as far as it once more.
                return try nearestCity(latitude: latitude, longitude: longitude, radius: distance,
                                       maxKilometres: maxKilometres, db: db)?.id
            }
            if radius >= maxKilometres { return nil }
            radius = min(radius * 3, maxKilometres)
        }
    }

    /// The nearest city within `maxKilometres` among those in the box of half-side `radius` km.
    private static func nearestCity(latitude: Double, longitude: Double, radius: Double, maxKilometres: Double,
                                    db: Database) throws -> (id: Int64, distance: Double)? {
        let latitudeBox = radius / kilometresPerDegree
        let longitudeBox = min(180, latitudeBox / max(0.01, cos(latitude * .pi / 180)))
        let statement = try db.cachedStatement(sql: """
            SELECT id, min_latitude, max_latitude, min_longitude, max_longitude FROM city_rtree
            WHERE max_latitude >= ? AND min_latitude <= ? AND max_longitude >= ? AND min_longitude <= ?
            """)
        let rows = try Row.fetchCursor(statement, arguments: [
            latitude - latitudeBox, latitude + latitudeBox, longitude - longitudeBox, longitude + longitudeBox,
        ])
        var best: (id: Int64, distance: Double)?
        while let row = try rows.next() {
            // Points are degenerate boxes; the R*Tree keeps 32-bit bounds rounded outwards.
            let cityLatitude = (row[1] as Double + row[2]) / 2, cityLongitude = (row[3] as Double + row[4]) / 2
            let distance = kilometres(latitude, longitude, cityLatitude, cityLongitude)
            guard distance <= maxKilometres else { continue }
            let id: Int64 = row[0]
            if let current = best, current.distance < distance || (current.distance == distance && current.id < id) {
                continue
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
