/// A reverse-geocoded place with the fields of a device's placemark that ASDKgram's location
/// label reads (docs/feed.md, "Location"), filled from the nearest GeoNames city.
///
/// - `locality`: the city's municipality. GeoNames lists the districts of a few cities as
///   places of their own: Zürich's Kreise ("Zürich (Kreis 11) / Oerlikon") and the French
///   arrondissements ("Paris 04 Hôtel-de-Ville", "Lyon 03"). A placemark's locality is the
///   municipality, so the district part — from " (Kreis" on, or from a two-digit arrondissement
///   number on — is dropped. Other names stay whole: parentheses that are part of an official
///   name ("Halle (Saale)", "Frankfurt (Oder)"), single-digit numbers ("Sector 3", Bucharest's
///   sectors are what its residents name).
/// - `subLocality`: that district, for such a name (``district(ofCityNamed:)``), else nil.
/// - `administrativeArea`, `subAdministrativeArea`: the city's GeoNames admin1 and admin2 names.
/// - `country`: the country's name. `region` is the city's admin1 code (a US state's name).
public struct Placemark: Codable, Hashable, Sendable {
    public var locality: String
    public var region: String?
    public var country: String
    public var subLocality: String?
    public var administrativeArea: String?
    public var subAdministrativeArea: String?

    public init(locality: String, region: String?, country: String, subLocality: String? = nil,
                administrativeArea: String? = nil, subAdministrativeArea: String? = nil) {
        self.locality = locality
        self.region = region
        self.country = country
        self.subLocality = subLocality
        self.administrativeArea = administrativeArea
        self.subAdministrativeArea = subAdministrativeArea
    }

    public init(city: City) {
        self.init(locality: Self.municipality(ofCityNamed: city.name), region: city.region, country: city.country,
                  subLocality: Self.district(ofCityNamed: city.name), administrativeArea: city.administrativeArea,
                  subAdministrativeArea: city.subAdministrativeArea)
    }

    /// "Locality, Country".
    public var formatted: String { "\(locality), \(country)" }

    public static func municipality(ofCityNamed name: String) -> String {
        guard mayNameADistrict(name) else { return name }
        if let district = name.range(of: " (Kreis "), district.lowerBound > name.startIndex {
            return String(name[..<district.lowerBound])
        }
        let words = name.split(separator: " ", omittingEmptySubsequences: false)
        if let number = words.indices.dropFirst().first(where: { isArrondissementNumber(words[$0]) }) {
            return words[..<number].joined(separator: " ")
        }
        return name
    }

    /// The district of a GeoNames name that names one, else nil: the quarter after " / " of a
    /// Kreis name ("Oerlikon"), else the Kreis ("Kreis 12"); the words after an arrondissement's
    /// number ("Hôtel-de-Ville"), else the arrondissement in French ("3e arrondissement",
    /// "1er arrondissement").
    public static func district(ofCityNamed name: String) -> String? {
        guard mayNameADistrict(name) else { return nil }
        if let open = name.range(of: " (Kreis "), open.lowerBound > name.startIndex,
           let close = name[open.upperBound...].firstIndex(of: ")") {
            let rest = name[name.index(after: close)...]
            if let slash = rest.range(of: " / ") {
                let quarter = rest[slash.upperBound...].trimmingSpaces
                if !quarter.isEmpty { return quarter }
            }
            return "Kreis " + name[open.upperBound..<close].trimmingSpaces
        }
        let words = name.split(separator: " ", omittingEmptySubsequences: false)
        guard let number = words.indices.dropFirst().first(where: { isArrondissementNumber(words[$0]) }) else {
            return nil
        }
        let after = words[(number + 1)...].joined(separator: " ").trimmingSpaces
        if !after.isEmpty { return after }
        let ordinal = Int(words[number]) ?? 0
        return ordinal == 1 ? "1er arrondissement" : "\(ordinal)e arrondissement"
    }

    /// Both district forms need a "(" or a digit; most names have neither (a fast path for the
    /// sync daemon, which makes a placemark per geocode).
    private static func mayNameADistrict(_ name: String) -> Bool {
        let digits = UInt8(ascii: "0") ... UInt8(ascii: "9")
        return name.utf8.contains(where: { $0 == UInt8(ascii: "(") || digits.contains($0) })
    }

    private static func isArrondissementNumber(_ word: Substring) -> Bool {
        word.count == 2 && word.allSatisfy { $0.isASCII && $0.isNumber }
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces.
    fileprivate var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
