import CellDocumentSupport
import FeedStore
import LayoutCore
import LayoutDescription
import PhotoFeed
import Testing
import StoreTestSupport

/// The cell's layout is what ASDKgram's structure gives for the same texts: for every curated
/// photo at 320, 375 and 414 points (scale 2), the reference structure written independently as
/// a JSON layout document (``PhotoCellDocument``) with the cell's own texts, computed by the
/// layout description engine, has the cell's frames, the comments node's labels included.
@Suite struct ReferenceStructureTests {
    /// The curated feed with comment pages (every comment feed loaded), and a location label
    /// (ASDKgram's placemark rule over the nearest city) on every third located photo.
    static func curatedModels() throws -> [PhotoCellModel] {
        let store = try FeedTestStore.empty()
        _ = try store.seedCurated(from: FeedTestStore.projectRoot.appendingPathComponent("seed-data"))
        for item in try store.feedPage(limit: 100_000).items { try store.setCommentsLoaded(photoID: item.photo.id) }
        let items = try store.feedPage(limit: 100_000).items
        let referenceTime = try #require(try store.newestUploadTime())
        let pages = try store.firstComments(photoIDs: items.map(\.photo.id), limit: PhotoCellModel.commentPageSize)
        return try items.map { item in
            var model = PhotoCellModel(item: item, commentPage: pages[item.photo.id] ?? [], referenceTime: referenceTime)
            if let location = item.location, item.photo.id % 3 == 0,
               let city = try store.nearestCity(latitude: location.latitude, longitude: location.longitude) {
                let place = Placemark(city: city)
                model.locationName = PlacemarkLabel(subLocality: place.subLocality, locality: place.locality,
                                                    subAdministrativeArea: place.subAdministrativeArea,
                                                    administrativeArea: place.administrativeArea,
                                                    country: place.country).text
            }
            return model
        }
    }

    /// The cell's result line: its flattened layout, the comments node listing its own labels.
    static func resultLine(of cell: PhotoCellNode, width: Double, scale: Double) -> String {
        let context = LayoutContext(scale: scale)
        var layout = cell.layoutThatFits(FeedController.sizeRange(width: width), context: context)
            .flattened(context: context)
        if let index = layout.sublayouts.firstIndex(where: { $0.element == cell.comments.id }) {
            let size = layout.sublayouts[index].size
            let own = cell.comments.layoutThatFits(SizeRange(exactly: size), parentSize: size, context: context)
            layout.sublayouts[index].sublayouts = own.flattened(context: context).sublayouts
        }
        return layout.resultLine(nodesWithLayouts: [cell.comments.id])
    }

    static func document(_ model: PhotoCellModel, width: Double, scale: Double) -> PhotoCellDocument {
        PhotoCellDocument(width: width, scale: scale, userName: model.userNameLabel, location: model.locationName,
                          time: model.timeLabel, likes: model.likesLabel, description: model.descriptionLabel,
                          comments: model.commentLabels)
    }

    @Test func everyCuratedPhotoAtThreeWidthsHasTheReferenceFrames() throws {
        let models = try Self.curatedModels()
        #expect(models.count == 2400)
        #expect(models.contains { $0.locationName != nil } && models.contains { $0.commentLabels.count == 4 })
        var mismatches: [String] = []
        for model in models {
            let cell = PhotoCellNode(model: model)
            for width in [320.0, 375, 414] {
                let expected = try LayoutDocument(json: Array(Self.document(model, width: width, scale: 2).json.utf8))
                    .computeLayout().resultLine
                let actual = Self.resultLine(of: cell, width: width, scale: 2)
                if actual != expected { mismatches.append("photo \(model.photoID) at \(width): \(actual) ≠ \(expected)") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(3))")
    }

    /// FeedTestStore's photo 1 at 375: the document's line, by hand from the structure.
    @Test func photoOneAt375() throws {
        let document = PhotoCellDocument(
            width: 375, userName: "ana", location: "Germany", time: "5m", likes: "\u{2665}\u{FE0E} 3 likes",
            description: "ana Fog on the water.",
            comments: ["bo Beautiful!", "chen Where is this?", "ana Berlin, by the river."])
        let line = try LayoutDocument(json: Array(document.json.utf8)).computeLayout().resultLine
        // Header 50, photo 375 square from 50, likes at 430, description at 451.5, the comments
        // node at 473 with three 16.5-high labels 5 apart (59.5), the footer's 5 below: 537.5.
        #expect(line.hasPrefix(#"{"size":[375,537.5],"#))
        #expect(line.contains(#"{"id":"photo","frame":[0,50,375,375]}"#))
        #expect(line.contains(#"{"id":"comments","frame":[10,473,355,59.5],"nodes":[{"id":"comment0","frame":[0,0,355,16.5]},{"id":"comment1","frame":[0,21.5,355,16.5]},{"id":"comment2","frame":[0,43,355,16.5]}]}"#))
        let store = try FeedTestStore.seeded()
        let item = try #require(try store.feedItems(photoIDs: [1])[1])
        let page = try store.firstComments(photoIDs: [1], limit: PhotoCellModel.commentPageSize)[1] ?? []
        let model = PhotoCellModel(item: item, commentPage: page, referenceTime: FeedTestStore.newest)
        #expect(Self.document(model, width: 375, scale: 2).json == document.json)
        #expect(Self.resultLine(of: PhotoCellNode(model: model), width: 375, scale: 2) == line)
    }
}
