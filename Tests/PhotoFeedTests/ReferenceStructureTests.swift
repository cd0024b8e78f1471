import CellDocumentSupport
import FeedModel
import FeedStore
import LayoutCore
import LayoutDescription
import LayoutTestSupport
import PhotoFeed
import StoreTestSupport
import Testing

/// The cell's layout is what ASDKgram's structure gives for the same texts: for every curated
/// photo at 320, 375 and 414 points, at scales 2 and 3, the reference structure written
/// independently as a JSON layout document (``PhotoCellDocument``), with texts built here from the
/// store's rows by ASDKgram's rules, computed by the layout description engine, has the frames of
/// the cell's drawn layout, the comments node's labels included.
@Suite(.blockingWork) struct ReferenceStructureTests {
    /// The curated feed with comment pages (every comment feed loaded), and a location label
    /// (ASDKgram's placemark rule over the nearest city) on every third located photo, each with
    /// its reference document at a width and scale.
    static func curatedCells() throws -> [(model: PhotoCellModel, document: (Double, Double) -> PhotoCellDocument)] {
        let store = try FeedTestStore.empty()
        _ = try store.seedCurated(from: FeedTestStore.projectRoot.appendingPathComponent("seed-data"))
        for item in try store.feedPage(limit: 100_000).items { try store.setCommentsLoaded(photoID: item.photo.id) }
        let items = try store.feedPage(limit: 100_000).items
        let referenceTime = try #require(try store.newestUploadTime())
        let pages = try store.firstComments(photoIDs: items.map(\.photo.id), limit: PhotoCellModel.commentPageSize)
        return try items.map { item in
            let page = pages[item.photo.id] ?? []
            var model = PhotoCellModel(item: item, commentPage: page, referenceTime: referenceTime)
            if let location = item.location, item.photo.id % 3 == 0,
               let city = try store.nearestCity(latitude: location.latitude, longitude: location.longitude) {
                let place = Placemark(city: city)
                model.locationName = PlacemarkLabel(subLocality: place.subLocality, locality: place.locality,
                                                    subAdministrativeArea: place.subAdministrativeArea,
                                                    administrativeArea: place.administrativeArea,
                                                    country: place.country).text
            }
            // ASDKgram's texts from the rows: UserModel lowercases every user name as it parses
            // it; the description label is "%@ %@" of the name and PhotoModel's descriptionText,
            // the photo's title (the name alone without one); a comment label is the commenter's
            // name and the comment; "View all N comments" leads when there are more than 3.
            let name = item.owner.username.lowercased()
            let description = item.photo.title.isEmpty ? name : name + " " + item.photo.title
            let shown = page.suffix(PhotoCellModel.shownCommentCount)
            let comments = (item.commentCount > 3 ? ["View all \(item.commentCount) comments"] : [])
                + shown.map { $0.authorName.lowercased() + " " + $0.body }
            let location = model.locationName
            return (model, { width, scale in
                PhotoCellDocument(width: width, scale: scale, userName: name, location: location,
                                  time: model.timeLabel, likes: model.likesLabel, description: description,
                                  comments: comments)
            })
        }
    }

    /// The cell's result line: its drawn layout, the comments node listing its own labels.
    static func resultLine(of cell: PhotoCellNode, width: Double, scale: Double) -> String {
        cell.drawnLayout(fitting: FeedController.sizeRange(width: width), context: LayoutContext(scale: scale))
            .resultLine(nodesWithLayouts: PhotoCellNode.nodesWithOwnLayouts)
    }

    static func document(_ model: PhotoCellModel, width: Double, scale: Double) -> PhotoCellDocument {
        PhotoCellDocument(width: width, scale: scale, userName: model.userNameLabel, location: model.locationName,
                          time: model.timeLabel, likes: model.likesLabel, description: model.descriptionLabel,
                          comments: model.commentLabels)
    }

    @Test(.tags(.slow), .notInQuickRuns, arguments: [2.0, 3.0])
    func everyCuratedPhotoAtThreeWidthsHasTheReferenceFrames(scale: Double) throws {
        let cells = try Self.curatedCells()
        #expect(cells.count == 2400)
        #expect(cells.contains { $0.model.locationName != nil } && cells.contains { $0.model.commentLabels.count == 4 })
        var mismatches: [String] = []
        for (model, document) in cells {
            let cell = PhotoCellNode(model: model)
            for width in [320.0, 375, 414] {
                let expected = try LayoutDocument(json: Array(document(width, scale).json.utf8)).computeLayout().resultLine
                let actual = Self.resultLine(of: cell, width: width, scale: scale)
                if actual != expected { mismatches.append("photo \(model.photoID) at \(width): \(actual) ≠ \(expected)") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(3))")
    }

    /// FeedTestStore's photo 1 at 375: the document's line, by hand from the structure.
    @Test func photoOneAt375() throws {
        let document = PhotoCellDocument(
            width: 375, userName: "ana", location: "Germany", time: "5m", likes: "\u{2665}\u{FE0E} 3 likes",
            description: "ana Harbour",
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
