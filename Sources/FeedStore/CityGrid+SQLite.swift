import FeedModel
import GRDB

extension CityGrid {
    /// Reads every city's coordinates from `city`.
    init(_ db: Database) throws {
        let all = try RawStatement(db, sql: "SELECT id, latitude, longitude FROM city")
        var cities: [Entry] = []
        try all.forEachRow {
            cities.append(Entry(id: all.int64(at: 0), latitude: all.double(at: 1), longitude: all.double(at: 2)))
        }
        self.init(cities)
    }
}
