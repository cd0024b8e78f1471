import FeedStore
import Foundation
import GRDB

/// Reverse geocoding: the nearest populated place (a GeoNames city of the store's `city`
/// table) within ``maxKilometres``, found through the `city_rtree` R*Tree index.
///
/// The search asks the R*Tree for the cities in a box around the point, about `2r` km wide,
/// with `r` starting small (5 km: most photos are taken in towns) and tripling until a city is
/// found or `r` passes ``maxKilometres``. The nearest candidate by great-circle distance is the
/// answer once it lies within the box's inscribed circle; a farther one (a box corner) widens
/// the box to its distance once more, so a nearer city just outside the box is never missed.
/// Only the R*Tree's own coordinates are read until the winner is known, then its one row:
/// the lookup runs inside the worker's write transaction at a few microseconds.
public struct ReverseGeocoder: Sendable {
    /// How far a place may be from the coordinates; farther (open sea, deserts) is no place.
    public var maxKilometres: Double

    public init(maxKilometres: Double = 75) {
        self.maxKilometres = maxKilometres
    }

    static let kilometresPerDegree = 111.195

    /// The nearest populated place within ``maxKilometres``, or nil (one read transaction).
    public func placemark(latitude: Double, longitude: Double, in store: FeedStore) throws -> Placemark? {
        try store.writer.read { db in try placemark(latitude: latitude, longitude: longitude, db: db) }
    }

    /// The nearest populated place within ``maxKilometres``, or nil, read through `db`.
    public func placemark(latitude: Double, longitude: Double, db: Database) throws -> Placemark? {
        guard let id = try nearestCityID(latitude: latitude, longitude: longitude, db: db) else { return nil }
        let statement = try db.cachedStatement(sql: "SELECT name, region, country FROM city WHERE id = ?")
        guard let row = try Row.fetchOne(statement, arguments: [id]) else { return nil }
        return Placemark(locality: Placemark.municipality(ofCityNamed: row[0]), region: row[1], country: row[2])
    }

    func nearestCityID(latitude: Double, longitude: Double, db: Database) throws -> Int64? {
        var radius = min(5.0, maxKilometres)
        while true {
            if let (id, distance) = try nearest(latitude: latitude, longitude: longitude, radius: radius, db: db) {
                if distance <= radius { return id }
                // The nearest candidate lies in a corner of the box: look as far as it once more.
                return try nearest(latitude: latitude, longitude: longitude, radius: distance, db: db)?.id
            }
            if radius >= maxKilometres { return nil }
            radius = min(radius * 3, maxKilometres)
        }
    }

    /// The nearest city within `maxKilometres` among those in the box of half-side `radius` km.
    private func nearest(latitude: Double, longitude: Double, radius: Double,
                         db: Database) throws -> (id: Int64, distance: Double)? {
        let latitudeBox = radius / Self.kilometresPerDegree
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
            let distance = Self.kilometres(latitude, longitude, cityLatitude, cityLongitude)
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
