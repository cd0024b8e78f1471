import FeedModel
import PostgresNIO

/// The nearest city to each of many points, within a distance, on PostgreSQL: ``NearestCity``'s
/// search (its boxes of growing radius, its distance and tie-break, as on SQLite) over the
/// `city_position` B-tree instead of an R*Tree, inside the caller's transaction.
///
/// The points are searched together: each step sends one statement with every box still looked
/// for (a point's box grows while it holds no city within the distance; a candidate in a corner of
/// its box may have a nearer one outside it, so its point looks as far once more), and one more
/// reads the names of the cities found. Each point's answer is the one a search of that point
/// alone gives.
struct PostgresCitySearch {
    let session: PostgresSession

    /// The placemark `geocoder` gives for a point, or nil when no city is within its distance.
    func placemark(latitude: Double, longitude: Double, geocoder: ReverseGeocoder) async throws -> Placemark? {
        try await placemarks([ScheduledJob.Coordinate(latitude: latitude, longitude: longitude)], geocoder: geocoder)[0]
    }

    /// The placemark `geocoder` gives for each of `points`, in their order.
    func placemarks(_ points: [ScheduledJob.Coordinate], geocoder: ReverseGeocoder) async throws -> [Placemark?] {
        let found = try await nearestCityIDs(points, maxKilometres: geocoder.maxKilometres)
        let names = try await placemarks(ofCities: Set(found.compactMap { $0 }))
        return found.map { id in id.flatMap { names[$0] } }
    }

    /// The id of the nearest city within `maxKilometres` of each of `points`, in their order.
    func nearestCityIDs(_ points: [ScheduledJob.Coordinate], maxKilometres: Double) async throws -> [Int64?] {
        var searches = points.map { Search(point: $0, radius: min(5.0, maxKilometres)) }
        var open = Array(searches.indices)
        while !open.isEmpty {
            let nearest = try await nearestCities(open.map { searches[$0] }, maxKilometres: maxKilometres)
            open = zip(open, nearest).compactMap { index, candidate in
                searches[index].advance(nearest: candidate, maxKilometres: maxKilometres) ? index : nil
            }
        }
        return searches.map(\.found)
    }

    /// One point's search: its box's radius, and the city it settled on.
    private struct Search {
        var point: ScheduledJob.Coordinate
        var radius: Double
        /// Whether the next box is the last: it is as large as the distance to a candidate found
        /// in a corner of the box before.
        var isFinalLook = false
        var found: Int64?

        /// Takes the nearest city within the distance in the box of ``radius`` (nil: none);
        /// returns whether the point looks again, with a larger box.
        mutating func advance(nearest: NearestCity.Candidate?, maxKilometres: Double) -> Bool {
            if isFinalLook {
                found = nearest?.id
                return false
            }
            if let nearest {
                if nearest.distance <= radius {
                    found = nearest.id
                    return false
                }
                radius = nearest.distance
                isFinalLook = true
                return true
            }
            if radius >= maxKilometres { return false }
            radius = min(radius * 3, maxKilometres)
            return true
        }
    }

    /// For each search, the nearest city within `maxKilometres` among those in its boxes
    /// (``NearestCity/boxes(latitude:longitude:radius:)``; ties to the lower id): one statement
    /// for every box.
    private func nearestCities(_ searches: [Search], maxKilometres: Double) async throws -> [NearestCity.Candidate?] {
        var minLatitudes: [Double] = [], maxLatitudes: [Double] = []
        var minLongitudes: [Double] = [], maxLongitudes: [Double] = []
        var positions: [Int64] = []
        for (index, search) in searches.enumerated() {
            for box in NearestCity.boxes(latitude: search.point.latitude, longitude: search.point.longitude,
                                         radius: search.radius) {
                minLatitudes.append(box.minLatitude)
                maxLatitudes.append(box.maxLatitude)
                minLongitudes.append(box.minLongitude)
                maxLongitudes.append(box.maxLongitude)
                positions.append(Int64(index))
            }
        }
        let rows = try await session.query("""
            SELECT b.position, c.id, c.latitude, c.longitude
            FROM unnest(\(minLatitudes)::float8[], \(maxLatitudes)::float8[], \(minLongitudes)::float8[],
                        \(maxLongitudes)::float8[], \(positions)::int8[])
                AS b(min_latitude, max_latitude, min_longitude, max_longitude, position)
            JOIN city c ON c.latitude BETWEEN b.min_latitude AND b.max_latitude
                       AND c.longitude BETWEEN b.min_longitude AND b.max_longitude
            """).rows
        var best = [NearestCity.Candidate?](repeating: nil, count: searches.count)
        for row in rows {
            let (position, id, cityLatitude, cityLongitude) = try row.decode((Int64, Int64, Double, Double).self)
            let index = Int(position)
            let point = searches[index].point
            let distance = NearestCity.kilometres(point.latitude, point.longitude, cityLatitude, cityLongitude)
            guard distance <= maxKilometres else { continue }
            if let current = best[index], !NearestCity.isNearer((id, distance), than: current) { continue }
            best[index] = (id, distance)
        }
        return best
    }

    /// The placemark of each city of `ids`, by id.
    private func placemarks(ofCities ids: Set<Int64>) async throws -> [Int64: Placemark] {
        guard !ids.isEmpty else { return [:] }
        var places: [Int64: Placemark] = [:]
        for row in try await session.query("""
            SELECT id, name, region, country, administrative_area, sub_administrative_area FROM city
            WHERE id = ANY(\(Array(ids)))
            """).rows {
            let (id, name, region, country, administrativeArea, subAdministrativeArea)
                = try row.decode((Int64, String, String?, String, String?, String?).self)
            places[id] = Placemark(locality: Placemark.municipality(ofCityNamed: name), region: region,
                                   country: country, subLocality: Placemark.district(ofCityNamed: name),
                                   administrativeArea: administrativeArea,
                                   subAdministrativeArea: subAdministrativeArea)
        }
        return places
    }
}
