/// ASDKgram's location label (`LocationModel.m`) over the placemark fields the store keeps.
///
/// ASDKgram takes the first that applies: the inland water body's name; "subLocality, locality";
/// "subAdministrativeArea, administrativeArea"; the country; otherwise "ERROR". The store's
/// reverse geocoder (nearest GeoNames city, ``Placemark``) fills every field but the inland water:
/// the locality (`location.place_name`, the city's municipality), the sub-locality (the district
/// of a GeoNames name that names one), the administrative area and sub-administrative area
/// (GeoNames admin1 and admin2 names) and the country (docs/feed.md, "Location").
public struct PlacemarkLabel: Hashable, Sendable {
    public var inlandWater: String?
    public var subLocality: String?
    public var locality: String?
    public var subAdministrativeArea: String?
    public var administrativeArea: String?
    public var country: String?

    public init(inlandWater: String? = nil, subLocality: String? = nil, locality: String? = nil,
                subAdministrativeArea: String? = nil, administrativeArea: String? = nil, country: String? = nil) {
        self.inlandWater = inlandWater
        self.subLocality = subLocality
        self.locality = locality
        self.subAdministrativeArea = subAdministrativeArea
        self.administrativeArea = administrativeArea
        self.country = country
    }

    /// The label, by the first rule whose fields are all present (an empty name counts as absent).
    public var text: String {
        if let water = Self.present(inlandWater) { return water }
        if let sub = Self.present(subLocality), let locality = Self.present(locality) { return "\(sub), \(locality)" }
        if let sub = Self.present(subAdministrativeArea), let area = Self.present(administrativeArea) {
            return "\(sub), \(area)"
        }
        if let country = Self.present(country) { return country }
        return "ERROR"
    }

    /// Whether no field is present: no place at all. A cell shows such a geocode as a failed one,
    /// with an empty label (``PhotoCellModel/locationName(state:placemark:)``), not as "ERROR",
    /// which is the rule's answer for a place none of whose fields it reads.
    public var isEmpty: Bool {
        [inlandWater, subLocality, locality, subAdministrativeArea, administrativeArea, country]
            .allSatisfy { Self.present($0) == nil }
    }

    /// `value` unless it is absent or empty: an empty name counts as absent.
    public static func present(_ value: String?) -> String? { value.flatMap { $0.isEmpty ? nil : $0 } }
}
