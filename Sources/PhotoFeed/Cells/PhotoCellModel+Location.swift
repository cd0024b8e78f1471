import FeedModel

/// The location label and the placemark of a cell's model, from the store's location row or a
/// geocode's change (docs/feed.md, "Location").
///
/// ASDKgram's LocationModel starts the reverse geocode when the photo's page arrives and sets the
/// label when it answers: by the placemark rule (``PlacemarkLabel``) when it finds a placemark,
/// to an empty string when it fails. So the label is absent (nil) while the geocode is pending,
/// "" after a failed one (the job failed for good, or it resolved to no city within the
/// geocoder's radius: no field), and the rule's text once a place is known.
///
/// ```swift
/// PhotoCellModel.locationName(state: .pending, placemark: nil)   // nil: no location node
/// PhotoCellModel.locationName(state: .failed, placemark: nil)    // "": an empty location node
/// ```
extension PhotoCellModel {
    /// The label for a geocode in `state` that found `placemark` (nil: no place).
    public static func locationName(state: GeocodeState, placemark: PlacemarkLabel?) -> String? {
        state == .pending ? nil : placemark?.text ?? ""
    }

    /// The placemark of a location with these names and state (`placeName` is the locality): nil
    /// unless the geocode resolved to a place, that is to some field.
    static func placemark(placeName: String?, country: String?, state: GeocodeState, subLocality: String? = nil,
                          administrativeArea: String? = nil, subAdministrativeArea: String? = nil) -> PlacemarkLabel? {
        guard state == .resolved else { return nil }
        let placemark = PlacemarkLabel(subLocality: subLocality, locality: placeName,
                                       subAdministrativeArea: subAdministrativeArea,
                                       administrativeArea: administrativeArea, country: country)
        return placemark.isEmpty ? nil : placemark
    }

    /// The placemark of a location row.
    static func placemark(of location: Location) -> PlacemarkLabel? {
        placemark(placeName: location.placeName, country: location.country, state: location.geocodeState,
                  subLocality: location.subLocality, administrativeArea: location.administrativeArea,
                  subAdministrativeArea: location.subAdministrativeArea)
    }

    /// The label of a location row.
    static func locationName(of location: Location) -> String? {
        locationName(state: location.geocodeState, placemark: placemark(of: location))
    }

    /// Sets ``locationName`` and ``placemark`` for a geocode in `state` with these names.
    mutating func setLocation(placeName: String?, country: String?, state: GeocodeState, subLocality: String?,
                              administrativeArea: String?, subAdministrativeArea: String?) {
        placemark = Self.placemark(placeName: placeName, country: country, state: state, subLocality: subLocality,
                                   administrativeArea: administrativeArea,
                                   subAdministrativeArea: subAdministrativeArea)
        locationName = Self.locationName(state: state, placemark: placemark)
    }
}
