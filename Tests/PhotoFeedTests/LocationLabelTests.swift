import FeedModel
import LayoutCore
import LayoutTestSupport
import PhotoFeed
import Testing

/// The location label is ASDKgram's placemark rule over the fields the store's geocoder fills:
/// "subLocality, locality"; "subAdministrativeArea, administrativeArea"; the country; "ERROR".
/// It is absent until the geocode answers, and empty after a failed one (LocationModel's
/// failure path).
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
        #expect(Self.model(Self.location(state: .failed)).locationName == "")
    }

    @Test func aGeocodeThatFoundNoPlaceGivesTheEmptyLabelAndNoPlacemark() {
        // Given a location resolved to no city within the radius (every name nil), or failed
        let noPlace = Location(id: 1, latitude: 0, longitude: -140, geocodeState: .resolved)
        let failed = Location(id: 1, latitude: 0, longitude: -140, geocodeState: .failed)
        let pending = Location(id: 1, latitude: 0, longitude: -140)
        // Then the label is empty (not ERROR) and there is no placemark; pending has no label
        for location in [noPlace, failed] {
            #expect(Self.model(location).locationName == "")
            #expect(Self.model(location).placemark == nil)
        }
        #expect(Self.model(pending).locationName == nil && Self.model(pending).placemark == nil)
        #expect(PhotoCellModel.locationName(state: .resolved, placemark: PlacemarkLabel()) == "ERROR",
                "a placemark none of whose fields the rule reads is still ASDKgram's ERROR")
    }

    @Test func theModelKeepsThePlacemarkFields() {
        let model = Self.model(Self.location())
        #expect(model.placemark == PlacemarkLabel(subLocality: "Oerlikon", locality: "Zürich",
                                                  subAdministrativeArea: "Bezirk Zuerich", administrativeArea: "Zurich",
                                                  country: "Switzerland"))
        #expect(model.placemark?.text == model.locationName)
    }

    /// ASDKgram sets the empty string on a failed geocode, so the location text node is in the
    /// layout, measured as an empty text: no height, as wide as the column stretches it.
    @Test func aFailedGeocodeLaysOutAnEmptyLocationNode() throws {
        // Given a cell whose geocode failed
        var model = PhotoCellModel(photoID: 1, userName: "Ana", avatarURL: "a", uploadedAt: 0,
                                   referenceTime: 3 * 60_000, photoURL: "p", pixelWidth: 10, pixelHeight: 10)
        let pending = PhotoCellNode(model: model).layoutThatFits(FeedController.sizeRange(width: 375),
                                                                 context: LayoutContext(scale: 2))
        model.locationName = PhotoCellModel.locationName(state: .failed, placemark: nil)
        // When it lays out
        let cell = PhotoCellNode(model: model)
        let layout = cell.layoutThatFits(FeedController.sizeRange(width: 375), context: LayoutContext(scale: 2))
        // Then the location node is there, empty, under the user name; the cell is as high
        #expect(cell.location.attributedText.string == "")
        #expect(layout.sublayouts.map(\.element)
            == ["avatar", "userName", "location", "time", "photo", "likes", "description", "comments"])
        #expect(pending.sublayouts.map(\.element).contains("location") == false)
        let frames = framesByID(layout), userName = try #require(frames["userName"])
        #expect(frames["location"] == Rect(50, 33, userName.size.width, 0))
        #expect(userName == framesByID(pending)["userName"])
        #expect(layout.size == pending.size)
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
