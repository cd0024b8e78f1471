@_spi(StoreImplementation) import FeedStore
import Foundation
import PostgresNIO

/// The nearest city to a point, within a distance, on PostgreSQL: the SQLite store's search
/// (boxes of growing radius, then the exact distance) over the `city_position` B-tree instead
/// of an R*Tree, inside the caller's transaction.
struct PostgresCitySearch {
    let session: PostgresSession

    /// The placemark `geocoder` gives for a point, or nil when no city is within its distance.
    func placemark(latitude: Double, longitude: Double, geocoder: ReverseGeocoder) throws -> Placemark? {
        let maxKilometres = geocoder.maxKilometres
        var radius = min(5.0, maxKilometres)
        var found: Int64?
        while true {
            if let (id, distance) = try nearestCity(latitude, longitude, radius: radius, maxKilometres: maxKilometres) {
                // A candidate in a corner of the box may have a nearer one outside it: look as far once more.
                found = distance <= radius
                    ? id : try nearestCity(latitude, longitude, radius: distance, maxKilometres: maxKilometres)?.id
                break
            }
            if radius >= maxKilometres { break }
            radius = min(radius * 3, maxKilometres)
        }
        guard let found, let row = try session.query("""
            SELECT name, region, country, administrative_area, sub_administrative_area FROM city WHERE id = \(found)
            """).rows.first
        else { return nil }
        let (name, region, country, administrativeArea, subAdministrativeArea)
            = try row.decode((String, String?, String, String?, String?).self)
        return Placemark(locality: Placemark.municipality(ofCityNamed: name), region: region, country: country,
                         subLocality: Placemark.district(ofCityNamed: name), administrativeArea: administrativeArea,
                         subAdministrativeArea: subAdministrativeArea)
    }

    private func nearestCity(_ latitude: Double, _ longitude: Double, radius: Double,
                             maxKilometres: Double) throws -> (id: Int64, distance: Double)? {
        let latitudeBox = radius / NearestCitySearch.degreeKilometres
        let longitudeBox = min(180, latitudeBox / max(0.01, cos(latitude * .pi / 180)))
        let rows = try session.query("""
            SELECT id, latitude, longitude FROM city
            WHERE latitude BETWEEN \(latitude - latitudeBox) AND \(latitude + latitudeBox)
              AND longitude BETWEEN \(longitude - longitudeBox) AND \(longitude + longitudeBox)
            """).rows
        var best: (id: Int64, distance: Double)?
        for row in rows {
            let (id, cityLatitude, cityLongitude) = try row.decode((Int64, Double, Double).self)
            let distance = NearestCitySearch.distanceKilometres(latitude, longitude, cityLatitude, cityLongitude)
            guard distance <= maxKilometres else { continue }
            if let current = best, current.distance < distance || (current.distance == distance && current.id < id) {
                continue
            }
            best = (id, distance)
        }
        return best
    }
}
