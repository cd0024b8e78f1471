import GRDB

/// Where a photo was taken. Place name, region and country stay nil until the reverse-geocode
/// job resolves them (and stay nil when no city is near, as out at sea).
public struct Location: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "location"

    public var id: Int64
    public var latitude: Double
    public var longitude: Double
    public var placeName: String?
    public var region: String?
    public var country: String?
    public var geocodeState: GeocodeState

    public init(id: Int64, latitude: Double, longitude: Double, placeName: String? = nil, region: String? = nil,
                country: String? = nil, geocodeState: GeocodeState = .pending) {
        self.id = id
        self.latitude = latitude
        self.longitude = longitude
        self.placeName = placeName
        self.region = region
        self.country = country
        self.geocodeState = geocodeState
    }

    enum CodingKeys: String, CodingKey {
        case id, latitude, longitude, placeName = "place_name", region, country, geocodeState = "geocode_state"
    }
}

/// Where a location's reverse geocoding stands.
public enum GeocodeState: String, Codable, Hashable, Sendable, CaseIterable, DatabaseValueConvertible {
    case pending, resolved, failed
}
