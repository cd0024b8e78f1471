import FeedModel
import GRDB

/// ``Location`` as a GRDB record of the `location` table: its columns by name, and what a save writes.
extension Location: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "location"

    /// The table's columns.
    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let latitude = Column(CodingKeys.latitude)
        public static let longitude = Column(CodingKeys.longitude)
        public static let placeName = Column(CodingKeys.placeName)
        public static let region = Column(CodingKeys.region)
        public static let country = Column(CodingKeys.country)
        public static let geocodeState = Column(CodingKeys.geocodeState)
        public static let subLocality = Column(CodingKeys.subLocality)
        public static let administrativeArea = Column(CodingKeys.administrativeArea)
        public static let subAdministrativeArea = Column(CodingKeys.subAdministrativeArea)
        /// Every column, in the table's order (the record's coding keys, ``ColumnListing``).
        public static let all = Location.columnNames.map { Column($0) }
    }

    /// The columns a save writes, the key first; the names and state are reverse geocoding's.
    static let savedColumns = [Columns.id, Columns.latitude, Columns.longitude]
    /// Runs `upsert` (built from ``savedColumns``) with this location's values in their order;
    /// returns the rows it changed.
    func save(with upsert: RawStatement) throws -> Int { try upsert.execute(id, latitude, longitude) }

    /// Reads the row's columns by name; a state this build does not know reads as `pending`.
    public init(row: Row) throws {
        self.init(id: row[Columns.id], latitude: row[Columns.latitude], longitude: row[Columns.longitude],
                  placeName: row[Columns.placeName], region: row[Columns.region], country: row[Columns.country],
                  geocodeState: GeocodeState(rawValue: row[Columns.geocodeState] ?? "") ?? .pending,
                  subLocality: row[Columns.subLocality], administrativeArea: row[Columns.administrativeArea],
                  subAdministrativeArea: row[Columns.subAdministrativeArea])
    }
}

extension GeocodeState: DatabaseValueConvertible {}
