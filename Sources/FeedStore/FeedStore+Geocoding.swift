import FeedModel
import GRDB

/// Reverse geocoding's search: the nearest GeoNames city to a coordinate through the `city_rtree`
/// R*Tree index. One implementation (``NearestCitySearch``) serves the store's
/// ``nearestCity(latitude:longitude:maxKilometres:)`` and the sync daemon's geocoder, which runs
/// it inside its write transaction.
extension FeedStore {
    /// The nearest city within `maxKilometres` of a coordinate, or nil (out at sea, in the desert).
    public func nearestCity(latitude: Double, longitude: Double, maxKilometres: Double = 75) throws -> City? {
        try writer.read { db in
            guard let id = try Self.nearestCityID(latitude: latitude, longitude: longitude,
                                                  maxKilometres: maxKilometres, db: db) else { return nil }
            return try City.fetchOne(db, key: id)
        }
    }

    /// The id of the nearest city within `maxKilometres`, read through `db` (see
    /// ``NearestCitySearch``; many lookups in one access should share one search).
    public static func nearestCityID(latitude: Double, longitude: Double, maxKilometres: Double,
                                     db: Database) throws -> Int64? {
        try NearestCitySearch(db).nearestCityID(latitude: latitude, longitude: longitude,
                                                maxKilometres: maxKilometres)
    }
}
