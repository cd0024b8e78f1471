import FeedModel
import GRDB

/// The geocoder on the SQLite store: the R*Tree's search (``NearestCitySearch``) or the cities in
/// memory (``CityGrid``), inside a read or the sync writer's transaction.
extension ReverseGeocoder {
    /// The nearest populated place within ``maxKilometres``, or nil (one read transaction).
    public func placemark(latitude: Double, longitude: Double, in store: FeedStore) throws -> Placemark? {
        try store.writer.read { db in try placemark(latitude: latitude, longitude: longitude, db: db) }
    }

    /// The nearest populated place within ``maxKilometres``, or nil, read through `db`.
    func placemark(latitude: Double, longitude: Double, db: Database) throws -> Placemark? {
        try placemark(latitude: latitude, longitude: longitude, search: NearestCitySearch(db))
    }

    /// The nearest populated place within ``maxKilometres``, or nil, through a search taken once
    /// for many lookups in one database access.
    public func placemark(latitude: Double, longitude: Double, search: NearestCitySearch) throws -> Placemark? {
        guard let id = try search.nearestCityID(latitude: latitude, longitude: longitude,
                                                maxKilometres: maxKilometres) else { return nil }
        return try placemark(ofCity: id, names: search)
    }

    /// The same place found through `grid` (the R*Tree's cities in memory, the same answer), its
    /// names read through `names`.
    func placemark(latitude: Double, longitude: Double, grid: CityGrid, names: NearestCitySearch) throws -> Placemark? {
        guard let id = grid.nearestCityID(latitude: latitude, longitude: longitude, maxKilometres: maxKilometres)
        else { return nil }
        return try placemark(ofCity: id, names: names)
    }

    /// The placemark of city `id`, or nil when there is no such city.
    private func placemark(ofCity id: Int64, names search: NearestCitySearch) throws -> Placemark? {
        guard let city = try search.names(ofCity: id) else { return nil }
        return Placemark(locality: Placemark.municipality(ofCityNamed: city.name), region: city.region,
                         country: city.country, subLocality: Placemark.district(ofCityNamed: city.name),
                         administrativeArea: city.administrativeArea, subAdministrativeArea: city.subAdministrativeArea)
    }
}
