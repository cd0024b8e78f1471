/// A reverse-geocoded place as a cell shows it: ASDKgram prints a placemark's locality and
/// country, "Zürich, Switzerland".
///
/// GeoNames lists the districts of a few cities as places of their own: Zürich's Kreise
/// ("Zürich (Kreis 11) / Oerlikon") and the French arrondissements ("Paris 04 Hôtel-de-Ville",
/// "Lyon 03"). A placemark's locality is the municipality, so the district part — from
/// " (Kreis" on, or from a two-digit arrondissement number on — is dropped. Other names stay
/// whole: parentheses that are part of an official name ("Halle (Saale)", "Frankfurt (Oder)"),
/// single-digit numbers ("Sector 3", Bucharest's sectors are what its residents name).
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
        self.init(locality: Self.municipality(ofCityNamed: city.name), region: city.region, country: city.country)
    }

    /// "Locality, Country".
    public var formatted: String { "\(locality), \(country)" }

    public static func municipality(ofCityNamed name: String) -> String {
        // Both district forms need a "(" or a digit; most names have neither (a fast path for
        // the sync daemon, which formats a placemark per geocode).
        let digits = UInt8(ascii: "0") ... UInt8(ascii: "9")
        guard name.utf8.contains(where: { $0 == UInt8(ascii: "(") || digits.contains($0) }) else { return name }
        if let district = name.range(of: " (Kreis "), district.lowerBound > name.startIndex {
            return String(name[..<district.lowerBound])
        }
        let words = name.split(separator: " ", omittingEmptySubsequences: false)
        if let number = words.indices.dropFirst().first(where: { isArrondissementNumber(words[$0]) }) {
            return words[..<number].joined(separator: " ")
        }
        return name
    }

    private static func isArrondissementNumber(_ word: Substring) -> Bool {
        word.count == 2 && word.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
