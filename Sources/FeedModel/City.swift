/// A GeoNames city (population ≥ 15,000), for reverse geocoding. `region` is GeoNames' first-level
/// administrative division: a name where the data set has one (US states), else its code.
/// `administrativeArea` and `subAdministrativeArea` are the names of its first- and second-level
/// divisions (GeoNames admin1 and admin2), nil where the data has none.
public struct City: Codable, Hashable, Sendable {
    public var id: Int64
    public var name: String
    public var region: String?
    public var countryCode: String
    public var country: String
    public var latitude: Double
    public var longitude: Double
    public var population: Int
    public var administrativeArea: String?
    public var subAdministrativeArea: String?

    public init(id: Int64, name: String, region: String?, countryCode: String, country: String,
                latitude: Double, longitude: Double, population: Int, administrativeArea: String? = nil,
                subAdministrativeArea: String? = nil) {
        self.id = id
        self.name = name
        self.region = region
        self.countryCode = countryCode
        self.country = country
        self.latitude = latitude
        self.longitude = longitude
        self.population = population
        self.administrativeArea = administrativeArea
        self.subAdministrativeArea = subAdministrativeArea
    }

    package enum CodingKeys: String, CodingKey {
        case id, name, region, countryCode = "country_code", country, latitude, longitude, population
        case administrativeArea = "administrative_area", subAdministrativeArea = "sub_administrative_area"
    }
}
