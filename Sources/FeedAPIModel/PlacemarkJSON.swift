import PhotoFeed

/// A feed item's `placemark`: the reverse-geocoded place's fields, which the location label is
/// made of (ASDKgram's placemark rule, docs/feed.md "Location"), so a client can show the place
/// its own way. The item's `placemark` is null while no place is known (geocode pending, failed,
/// or no city within the geocoder's radius); an absent field is left out:
///
/// ```json
/// {"locality":"Zürich","subLocality":"Oerlikon","subAdministrativeArea":"Bezirk Zuerich",
///  "administrativeArea":"Zurich","country":"Switzerland"}
/// ```
///
/// `inlandWater`, which the store's geocoder never fills, appears only when a placemark has it.
/// The synthesized encoding leaves nil fields out and keeps this order.
package struct PlacemarkJSON: Encodable, Sendable, Equatable {
    package var locality: String?
    package var subLocality: String?
    package var subAdministrativeArea: String?
    package var administrativeArea: String?
    package var country: String?
    package var inlandWater: String?

    package init(_ placemark: PlacemarkLabel) {
        let present = PlacemarkLabel.present
        locality = present(placemark.locality)
        subLocality = present(placemark.subLocality)
        subAdministrativeArea = present(placemark.subAdministrativeArea)
        administrativeArea = present(placemark.administrativeArea)
        country = present(placemark.country)
        inlandWater = present(placemark.inlandWater)
    }
}
