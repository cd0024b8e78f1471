import FeedStore
import GRDB

/// Reverse geocoding: the nearest populated place (a GeoNames city of the store's `city`
/// table) within ``maxKilometres``, found by the store's R*Tree search
/// (`FeedStore.nearestCityID`), formatted as a ``Placemark``. Only the R*Tree's coordinates are
/// read until the winner is known, then its one row: the lookup runs inside the worker's write
/// transaction at a few microseconds.
public struct ReverseGeocoder: Sendable {
    /// How far a place may be from the coordinates; farther (open sea, deserts) is no place.
    public var maxKilometres: Double

    public init(maxKilometres: Double = 75) {
        self.maxKilometres = maxKilometres
    }

    /// The nearest populated place within ``maxKilometres``, or nil (one read transaction).
    public func placemark(latitude: Double, longitude: Double, in store: FeedStore) throws -> Placemark? {
        try store.writer.read { db in try placemark(latitude: latitude, longitude: longitude, db: db) }
    }

    /// The nearest populated place within ``maxKilometres``, or nil, read through `db`.
    public func placemark(latitude: Double, longitude: Double, db: Database) throws -> Placemark? {
        guard let id = try FeedStore.nearestCityID(latitude: latitude, longitude: longitude,
                                                   maxKilometres: maxKilometres, db: db) else { return nil }
        let statement = try db.cachedStatement(sql: "SELECT name, region, country FROM city WHERE id = ?")
        guard let row = try Row.fetchOne(statement, arguments: [id]) else { return nil }
        return Placemark(locality: Placemark.municipality(ofCityNamed: row[0]), region: row[1], country: row[2])
    }
}
