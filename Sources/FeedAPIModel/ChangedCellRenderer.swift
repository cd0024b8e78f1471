import FeedModel
import PhotoFeed

/// Lays out changed cells for the change stream: a photo's item, at one width and scale, as
/// `GET /v1/photos/{id}` gives it (the layout from the store's cache, or computed by the executor
/// and stored).
///
/// The server keeps one per width and scale its subscribers asked for, so each change is laid out
/// once however many clients receive it; `photofeed changes` keeps one.
package struct ChangedCellRenderer: Sendable {
    package let controller: FeedController
    package let store: any FeedServing
    package let executor: any LayoutExecuting
    package let width: Double
    package let scale: Double

    package init(controller: FeedController, store: any FeedServing, executor: any LayoutExecuting,
                 width: Double, scale: Double) {
        self.controller = controller
        self.store = store
        self.executor = executor
        self.width = width
        self.scale = scale
    }

    /// The photo's item now, with the entry it was written from; nil when there is no such photo.
    package func item(photoID: Int64) async throws -> (entry: FeedPageEntry, json: String)? {
        guard let entry = try await controller.servedEntry(from: store, photoID: photoID, width: width, scale: scale,
                                                           executor: executor)
        else { return nil }
        return (entry, try JSONLine.encode(FeedItemJSON(entry, reportsCache: false), keys: .encoded))
    }

    /// The event of `change`: the photo's item now, numbered with the change (nil when the photo
    /// is gone).
    package func event(_ change: CellChange) async throws -> CellChangeEvent? {
        guard let (_, json) = try await item(photoID: change.photoID) else { return nil }
        return .cell(sequence: change.sequence, photoID: change.photoID, item: json)
    }
}
