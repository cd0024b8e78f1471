import FeedModel
import FeedSync
import LayoutCore
import PhotoFeed
import StoreTestSupport
import LayoutTestSupport
import Testing

/// A relayout whose cell is in memory at the version just before the daemon's changes takes the
/// new model from the changes instead of reading the photo again; any other cell reads it.
@Suite(.blockingWork) struct RelayoutFromChangesTests {
    static let model = PhotoCellModel(photoID: 7, contentVersion: 3, userName: "ana", avatarURL: "https://a.example/1.jpg",
                                      uploadedAt: 0, referenceTime: 60_000, photoURL: "https://p.example/7.jpg",
                                      pixelWidth: 1000, pixelHeight: 500)

    static func change(_ version: Int64, _ edit: ContentChange.Edit) -> ContentChange {
        ContentChange(photoID: 7, contentVersion: version, edit: edit)
    }

    @Test func changesFromTheNextVersionOnBringTheModelUpToDate() throws {
        let updated = try #require(Self.model.applying([
            Self.change(4, .imageState(.loaded)),
            Self.change(5, .avatarState(.loaded)),
            Self.change(6, .location(placeName: "Bern", country: "Switzerland", state: .resolved)),
        ]))
        #expect(updated.contentVersion == 6)
        #expect(updated.isImageLoaded && updated.isAvatarLoaded)
        #expect(updated.locationName == "Switzerland", "ASDKgram's placemark rule over the store's fields")
        var expected = Self.model
        (expected.contentVersion, expected.isImageLoaded, expected.isAvatarLoaded) = (6, true, true)
        expected.locationName = "Switzerland"
        expected.placemark = PlacemarkLabel(locality: "Bern", country: "Switzerland")
        #expect(updated == expected, "nothing else changes")

        let failed = try #require(Self.model.applying([Self.change(4, .location(placeName: nil, country: nil, state: .failed))]))
        #expect(failed.locationName == "", "a failed geocode sets the empty label, as ASDKgram's does")
        #expect(failed.placemark == nil)
        let noPlace = try #require(Self.model.applying([Self.change(4, .location(placeName: "Nowhere", country: nil, state: .resolved))]))
        #expect(noPlace.locationName == "ERROR", "a placemark without a country is ASDKgram's ERROR")
    }

    @Test func changesTheModelAlreadyShowsAreSkipped() throws {
        let changes = [Self.change(2, .imageState(.loaded)), Self.change(3, .avatarState(.loaded)),
                       Self.change(4, .imageState(.failed))]
        #expect(try #require(Self.model.applying(changes)).contentVersion == 4)
        // At the last change's version: current as it is (it was read after those changes).
        #expect(Self.model.applying(Array(changes.prefix(2))) == Self.model)
    }

    @Test func aGapOrNoChangesMeanReadingThePhoto() {
        #expect(Self.model.applying([]) == nil)
        #expect(Self.model.applying([Self.change(5, .imageState(.loaded))]) == nil, "version 4 is unknown")
        #expect(Self.model.applying([Self.change(4, .imageState(.loaded)), Self.change(6, .avatarState(.loaded))]) == nil)
        #expect(Self.model.applying([Self.change(2, .imageState(.loaded))]) == nil,
                "older than the model: the model may be newer than anything the changes say")
    }

    /// Photo 4 (version 1, in memory after a page) gets its image: the change names version 2.
    /// A mark whose change says something the store does not (a place) shows that the relayout
    /// took its model from the change; a mark with a gap reads the store.
    @Test func aCellInMemoryIsLaidOutFromTheChangesWithoutReadingThePhoto() throws {
        let store = try FeedTestStore.seeded()
        let controller = try FeedController(store: store)
        _ = try controller.page(width: 375, scale: 2)
        try store.setImageState(photoID: 4, .loaded)
        let onlyInTheChange = ContentChange(photoID: 4, contentVersion: 2,
                                            edit: .location(placeName: "Atlantis", country: "Atlantis", state: .resolved))
        let summary = try controller.relayout([MarkedCell(photoID: 4, changes: [onlyInTheChange])])
        #expect(summary == RelayoutSummary(relayouts: 1, heightChanges: 0))
        #expect(controller.cells.cachedCell(photoID: 4)?.model.locationName == "Atlantis")
        #expect(controller.cells.cachedCell(photoID: 4)?.model.isImageLoaded == false)

        let gap = ContentChange(photoID: 4, contentVersion: 4, edit: .imageState(.loaded))
        // The loaded image changes no height: the photo is always square.
        #expect(try controller.relayout([MarkedCell(photoID: 4, changes: [gap])]).heightChanges == 0)
        let cell = try #require(controller.cells.cachedCell(photoID: 4))
        #expect(cell.model.locationName == nil && cell.model.isImageLoaded && cell.model.contentVersion == 2)
        let page = try FeedController(store: store).page(width: 375, scale: 2)
        #expect(page.entries.first?.layout == (try FeedControllerTests.fresh(store, photoID: 4, width: 375, scale: 2)))
    }

    /// The daemon's own changes, carried from its commits, give the layouts a read would.
    @Test func layoutsFromRealChangesEqualFreshOnes() throws {
        let store = try FeedTestStore.seeded()
        let controller = try FeedController(store: store)
        _ = try controller.page(width: 375, scale: 2)
        _ = try controller.page(width: 320, scale: 3)
        try store.setImageState(photoID: 4, .loaded)
        try store.resolveLocation(id: 2, placeName: "Tokyo", region: "Tokyo", country: "Japan")
        let versions = try store.feedItems(photoIDs: [3, 4]).mapValues(\.photo.contentVersion)
        #expect(versions == [3: 4, 4: 2], "photo 3's comment made version 2, its comment feed version 3")
        let summary = try controller.relayout([
            MarkedCell(photoID: 3, changes: [ContentChange(photoID: 3, contentVersion: 4,
                                                           edit: .location(placeName: "Tokyo", country: "Japan", state: .resolved))]),
            MarkedCell(photoID: 4, changes: [ContentChange(photoID: 4, contentVersion: 2, edit: .imageState(.loaded))]),
        ])
        // Neither a geocode nor a loaded image changes a height (the photo is always square);
        // the image is display only, so only photo 3's two cached entries are laid out again.
        #expect(summary == RelayoutSummary(relayouts: 2, heightChanges: 0))
        for (width, scale) in [(375.0, 2.0), (320, 3)] {
            let page = try FeedController(store: store).page(width: width, scale: scale)
            #expect(page.hits == 4)
            for entry in page.entries {
                #expect(entry.layout == (try FeedControllerTests.fresh(store, photoID: entry.photoID, width: width, scale: scale)))
            }
        }
    }
}
