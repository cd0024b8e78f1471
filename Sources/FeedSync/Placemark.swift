import FeedStore

/// A reverse-geocoded place as a cell shows it: ASDKgram prints a placemark's locality and
/// country, "Zürich, Switzerland".
///
/// GeoNames lists the districts of a few cities as places of their own ("Zürich (Kreis 11) /
/// Oerlikon"); a placemark's locality is the municipality, so the district part (from
/// " (Kreis" on) is dropped. Other parenthesized names are official names and stay whole
/// ("Halle (Saale)", "Frankfurt (Oder)").
public struct Placemark: Hashable, Sendable {
    public var locality: String
    public var region: String?
    public var country: String

    public init(locality: String, region: String?, country: String) {
        self.locality = locality
        self.region = region
        self.country = country
    }

    public init(city: City) {
        self.init(locality: Self.locality(ofCityNamed: city.name), region: city.region, country: city.country)
    }

    /// "Locality, Country".
    public var formatted: String { "\(locality), \(country)" }

    static func locality(ofCityNamed name: String) -> String {
        guard let district = name.range(of: " (Kreis ") else { return name }
        let municipality = name[..<district.lowerBound]
        return municipality.isEmpty ? name : String(municipality)
    }
}

/// Reverse geocoding through the store's R*Tree nearest-city query.
public struct ReverseGeocoder: Sendable {
    /// How far a place may be from the coordinates; farther (open sea, deserts) is no place.
    public var maxKilometres: Double

    public init(maxKilometres: Double = 75) {
        self.maxKilometres = maxKilometres
    }

    /// The nearest populated place within ``maxKilometres``, or nil.
    public func placemark(latitude: Double, longitude: Double, in store: FeedStore) throws -> Placemark? {
        try store.nearestCity(latitude: latitude, longitude: longitude, maxKilometres: maxKilometres)
            .map(Placemark.init(city:))
    }
}
