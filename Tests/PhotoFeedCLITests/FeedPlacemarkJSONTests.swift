import FeedModel
import FeedStore
import Foundation
import StoreTestSupport
import LayoutTestSupport
import Testing

/// `feed --format json` gives the placemark's fields beside the location label, and the label
/// only as the cell draws it: the rule's text for a place, "" (an empty location node in the
/// layout) after a failed geocode, null before the geocode answers. Never `ERROR` as data.
@Suite(.blockingWork) struct FeedPlacemarkJSONTests {
    /// The items of the first page of the test feed (photos 4, 1, 3) after geocoding photo 1 to
    /// Oerlikon with every field and failing photo 3's geocode (`state`).
    static func items(photo3State state: GeocodeState) throws -> [[String: Any]] {
        let path = try FeedTestStore.seededFile()
        let store = try FeedStore(path: path, migrationsDirectory: FeedTestStore.migrationsDirectory,
                                  clock: FeedTestStore.clock)
        try store.resolveLocation(id: 1, placeName: "Zürich", region: "ZH", country: "Switzerland",
                                  subLocality: "Oerlikon", administrativeArea: "Zurich",
                                  subAdministrativeArea: "Bezirk Zuerich")
        try store.resolveLocation(id: 2, placeName: nil, region: nil, country: nil, state: state)
        try store.close()
        let result = CommandRunner.run(["feed", "--db", path, "--width", "375", "--limit", "3", "--format", "json"])
        try #require(result.status == 0 && result.out.count == 1, "\(result.err)")
        let page = try JSONSerialization.jsonObject(with: Data(result.out[0].utf8)) as? [String: Any]
        return page?["items"] as? [[String: Any]] ?? []
    }

    @Test func aPlaceGivesItsFieldsBesideTheLabel() throws {
        let items = try Self.items(photo3State: .failed)
        try #require(items.map { $0["photoId"] as? Int } == [4, 1, 3])
        // Photo 1: the rule's first match, and every field
        #expect(items[1]["location"] as? String == "Oerlikon, Zürich")
        #expect(items[1]["placemark"] as? [String: String] == [
            "locality": "Zürich", "subLocality": "Oerlikon", "subAdministrativeArea": "Bezirk Zuerich",
            "administrativeArea": "Zurich", "country": "Switzerland",
        ])
        #expect((items[1]["texts"] as? [String: String])?["location"] == "Oerlikon, Zürich")
        // Photo 4 has no location: null label and placemark
        #expect(items[0]["location"] is NSNull && items[0]["placemark"] is NSNull)
    }

    @Test(arguments: [GeocodeState.failed, .resolved])
    func aFailedGeocodeGivesTheEmptyLabelAndItsNode(state: GeocodeState) throws {
        // Given photo 3's geocode failed, or resolved to no city within the radius
        let photo3 = try #require(try Self.items(photo3State: state).last)
        // Then its label is empty, not ERROR, and there is no placemark
        #expect(photo3["location"] as? String == "")
        #expect(photo3["placemark"] is NSNull)
        #expect((photo3["texts"] as? [String: String])?["location"] == nil, "texts leaves empty texts out")
        // And the location node is in the layout, empty: no height, under the user name
        let nodes = (photo3["layout"] as? [String: Any])?["nodes"] as? [[String: Any]] ?? []
        let frames = Dictionary(uniqueKeysWithValues: nodes.compactMap { node in
            (node["id"] as? String).map { ($0, node["frame"] as? [Double] ?? []) }
        })
        let userName = try #require(frames["userName"])
        #expect(frames["location"] == [50, 33, userName[2], 0])
    }
}
