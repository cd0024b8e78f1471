/// Where a photo was taken. Place name, region and country stay nil until the reverse-geocode
/// job resolves them (and stay nil when no city is near, as out at sea).
///
/// The names are a placemark's fields: `placeName` its locality, `subLocality`,
/// `administrativeArea`, `subAdministrativeArea` and `country` (``Placemark``); `region` is the
/// GeoNames admin1 code (a US state's name), kept for the store's readers.
public struct Location: Codable, Hashable, Sendable {
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

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case id, latitude, longitude, placeName = "place_name", region, country, geocodeState = "geocode_state"
        case subLocality = "sub_locality", administrativeArea = "administrative_area"
        case subAdministrativeArea = "sub_administrative_area"
    }
}

/// Where a location's reverse geocoding stands.
public enum GeocodeState: String, Codable, Hashable, Sendable, CaseIterable {
    case pending, resolved, failed
}
