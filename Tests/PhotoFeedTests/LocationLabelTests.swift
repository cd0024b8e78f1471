import FeedStore
import PhotoFeed
import Testing

/// The location label is ASDKgram's placemark rule over the fields the store's geocoder fills:
/// "subLocality, locality"; "subAdministrativeArea, administrativeArea"; the country; "ERROR".
@Suite struct LocationLabelTests {
    static func model(_ location: Location) -> PhotoCellModel {
        let item = FeedItem(photo: Photo(id: 1, ownerID: 1, locationID: 1, url: "p", pixelWidth: 10, pixelHeight: 10,
                                         uploadedAt: 0),
                            owner: User(id: 1, username: "ana", fullName: "Ana", avatarURL: "a"),
                            location: location, commentCount: 0)
        return PhotoCellModel(item: item, commentPage: [], referenceTime: 0)
    }

    static func location(subLocality: String? = "Oerlikon", area: String? = "Zurich", subArea: String? = "Bezirk Zuerich",
                         country: String? = "Switzerland", state: GeocodeState = .resolved) -> Location {
        Location(id: 1, latitude: 47.4, longitude: 8.5, placeName: "Zürich", region: "ZH", country: country,
                 geocodeState: state, subLocality: subLocality, administrativeArea: area,
                 subAdministrativeArea: subArea)
    }

    @Test func theFirstRuleWhoseFieldsArePresentGivesTheLabel() {
        #expect(Self.model(Self.location()).locationName == "Oerlikon, Zürich")
        #expect(Self.model(Self.location(subLocality: nil)).locationName == "Bezirk Zuerich, Zurich")
        #expect(Self.model(Self.location(subLocality: nil, subArea: nil)).locationName == "Switzerland")
        #expect(Self.model(Self.location(subLocality: nil, area: nil)).locationName == "Switzerland")
        #expect(Self.model(Self.location(subLocality: nil, subArea: nil, country: nil)).locationName == "ERROR")
        #expect(Self.model(Self.location(state: .pending)).locationName == nil)
        #expect(Self.model(Self.location(state: .failed)).locationName == nil)
    }

    @Test func aGeocodeChangeCarriesEveryFieldTheRuleReads() throws {
        var model = Self.model(Self.location(state: .pending))
        model.contentVersion = 1
        let edit = ContentChange.Edit.location(placeName: "Paris", country: "France", state: .resolved,
                                               subLocality: nil, administrativeArea: "Ile-de-France",
                                               subAdministrativeArea: "Paris")
        let updated = try #require(model.applying([ContentChange(photoID: 1, contentVersion: 2, edit: edit)]))
        #expect(updated.locationName == "Paris, Ile-de-France")
        #expect(updated.contentVersion == 2)
    }
}
