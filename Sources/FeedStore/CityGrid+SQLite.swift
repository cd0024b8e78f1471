import FeedModel
import GRDB

extension CityGrid {
    /// Reads every city's bounds from the R*Tree.
    init(_ db: Database) throws {
        let all = try RawStatement(db, sql: """
            SELECT id, min_latitude, max_latitude, min_longitude, max_longitude FROM city_rtree
            """)
        var cities: [Entry] = []
        try all.forEachRow {
            cities.append(Entry(id: all.int64(at: 0), minLatitude: all.double(at: 1), maxLatitude: all.double(at: 2),
                                minLongitude: all.double(at: 3), maxLongitude: all.double(at: 4)))
        }
        self.init(cities)
    }
}
