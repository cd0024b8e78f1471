import FeedModel
import GRDB

/// Reverse geocoding's search on one connection: the nearest GeoNames city to a coordinate
/// through the `city_rtree` R*Tree index, then that city's names.
///
/// Take one per database access and run as many lookups through it as needed (the sync daemon
/// takes one per batch): its two statements are taken from the connection's cache once, bound
/// and read through SQLite's C API (``RawStatement``), so a lookup costs the R*Tree's own work.
///
/// The search is ``NearestCity``'s (boxes of growing size around the point) with each box asked
/// of the R*Tree, whose 32-bit bounds are rounded outwards (a few more cities, no fewer);
/// distances are measured to each city's coordinates in `city`, as every store measures them,
/// equal distances go to the lower id.
public struct NearestCitySearch {
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
            SELECT c.id, c.latitude, c.longitude FROM city_rtree r JOIN city c ON c.id = r.id
            WHERE r.max_latitude >= ? AND r.min_latitude <= ? AND r.max_longitude >= ? AND r.min_longitude <= ?
            """)
        names = try RawStatement(db, sql: """
            SELECT name, region, country, administrative_area, sub_administrative_area FROM city WHERE id = ?
            """)
    }

    /// The id of the nearest city within `maxKilometres` of a coordinate, or nil (out at sea, in
    /// the desert).
    public func nearestCityID(latitude: Double, longitude: Double, maxKilometres: Double) throws -> Int64? {
        try NearestCity.nearestCityID(latitude: latitude, longitude: longitude,
                                      maxKilometres: maxKilometres) { bounds, visit in
            try box.forEachRow(bounds.minLatitude, bounds.maxLatitude, bounds.minLongitude, bounds.maxLongitude) {
                visit(box.int64(at: 0), box.double(at: 1), box.double(at: 2))
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
}
