import GRDB

/// Where a photo was taken. Place name, region and country stay nil until the reverse-geocode
/// job resolves them (and stay nil when no city is near, as out at sea).
///
/// The names are a placemark's fields: `placeName` its locality, `subLocality`,
/// `administrativeArea`, `subAdministrativeArea` and `country` (``Placemark``); `region` is the
/// GeoNames admin1 code (a US state's name), kept for the store's readers.
public struct Location: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "location"

    public var id: Int64
    public var latitude: Double
    public var longitude: Double
    public var placeName: String?
    public var region: String?
    public var country: String?
    public var geocodeState: GeocodeState
    public var subLocality: String?
    public var administrativeArea: String?
    public var subAdministrativeArea: String?

    public init(id: Int64, latitude: Double, longitude: Double, placeName: String? = nil, region: String? = nil,
                country: String? = nil, geocodeState: GeocodeState = .pending, subLocality: String? = nil,
                administrativeArea: String? = nil, subAdministrativeArea: String? = nil) {
        self.id = id
        self.latitude = latitude
        self.longitude = longitude
        self.placeName = placeName
        self.region = region
        self.country = country
        self.geocodeState = geocodeState
        self.subLocality = subLocality
        self.administrativeArea = administrativeArea
        self.subAdministrativeArea = subAdministrativeArea
    }

    enum CodingKeys: String, CodingKey {
        case id, latitude, longitude, placeName = "place_name", region, country, geocodeState = "geocode_state"
        case subLocality = "sub_locality", administrativeArea = "administrative_area"
        case subAdministrativeArea = "sub_administrative_area"
    }

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
        public static let all = [id, latitude, longitude, placeName, region, country, geocodeState, subLocality,
                                 administrativeArea, subAdministrativeArea]
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

/// Where a location's reverse geocoding stands.
public enum GeocodeState: String, Codable, Hashable, Sendable, CaseIterable, DatabaseValueConvertible {
    case pending, resolved, failed
}
