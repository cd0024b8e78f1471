import FeedModel
import GRDB

/// ``City`` as a GRDB record of the `city` table: its columns by name, and what a save writes.
extension City: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "city"

    /// The table's columns.
    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let name = Column(CodingKeys.name)
        public static let region = Column(CodingKeys.region)
        public static let countryCode = Column(CodingKeys.countryCode)
        public static let country = Column(CodingKeys.country)
        public static let latitude = Column(CodingKeys.latitude)
        public static let longitude = Column(CodingKeys.longitude)
        public static let population = Column(CodingKeys.population)
        public static let administrativeArea = Column(CodingKeys.administrativeArea)
        public static let subAdministrativeArea = Column(CodingKeys.subAdministrativeArea)
    }

    /// The columns a save writes, the key first.
    static let savedColumns = [Columns.id, Columns.name, Columns.region, Columns.countryCode, Columns.country,
                               Columns.latitude, Columns.longitude, Columns.population, Columns.administrativeArea,
                               Columns.subAdministrativeArea]
    /// Runs `upsert` (built from ``savedColumns``) with this city's values in their order;
    /// returns the rows it changed.
    func save(with upsert: RawStatement) throws -> Int {
        try upsert.execute(id, name, region, countryCode, country, latitude, longitude, population, administrativeArea,
                           subAdministrativeArea)
    }
}
