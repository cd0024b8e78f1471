import FeedModel
import NodeKit
import TextLayout

/// A feed session's items from a store (SQLite's ``FeedStore`` or another behind the seam): the
/// feed's pages newest first, each photo as an ASDKgram ``PhotoCellNode`` showing what the store
/// has now, and the sync daemon's completions applied to the session's own copies of the models
/// (the store is only read).
///
/// An item has jobs for what it is missing: its photo's image, its owner's avatar, the reverse
/// geocode when its location is not geocoded yet, and its comment feed. Images and avatars are
/// display only (the photo is always square); a geocode shows the location label (requested as
/// the page arrives, as ASDKgram's `LocationModel` starts geocoding when the photo is parsed),
/// and a photo's comment feed its comments (requested as the cell enters the preload state),
/// each through ``PhotoCellNode/update(_:)``, which calls `setNeedsLayout`.
///
/// The precomputed height of an item is the layout cache's row for its photo at the session's
/// width and scale with this engine, from the photo's newest content version the cache has (the
/// layout the daemon or `demo` computed last, whatever the client shows now).
public final class StoreSessionSource: FeedSessionSource {
    /// What a session reads of its store: the feed, the layout cache's heights, the comment feed
    /// the session's simulated jobs deliver, and the placemarks of its geocodes.
    public typealias Store = FeedStoring & CommentFeedReading & PlacemarkReading

    public let store: any Store
    public let width: Double
    public let scale: Double
    public let referenceTime: Int64
    private let measurer: any TextMeasuring
    private let geocoder = ReverseGeocoder()
    private var cursor: FeedCursor?
    private var ended = false
    /// The session's copy of each photo's model, and what each job's target is shown by.
    private var models: [Int64: PhotoCellModel] = [:]
    private var photosByUser: [Int64: [Int64]] = [:]
    private var photosByLocation: [Int64: [Int64]] = [:]
    private var locations: [Int64: Location] = [:]
    /// Each photo's comment total, shown once its comment feed arrives.
    private var commentCounts: [Int64: Int] = [:]

    public init(store: any Store, width: Double, scale: Double, referenceTime: Int64? = nil,
                measurer: any TextMeasuring = TextMeasurer.shared) throws {
        self.store = store
        self.width = width
        self.scale = scale
        self.referenceTime = try referenceTime ?? store.newestUploadTime() ?? 0
        self.measurer = measurer
    }

    public func nextPage(limit: Int) throws -> [SessionItem] {
        guard !ended else { return [] }
        let page = try store.feedPage(after: cursor, limit: limit)
        cursor = page.next
        ended = page.next == nil
        let ids = page.items.map(\.photo.id)
        let comments = try store.firstComments(photoIDs: ids, limit: PhotoCellModel.commentPageSize)
        let heights = try precomputedHeights(ids)
        return page.items.map { item in
            let model = PhotoCellModel(item: item, commentPage: comments[item.photo.id] ?? [],
                                       referenceTime: referenceTime)
            models[item.photo.id] = model
            commentCounts[item.photo.id] = item.commentCount
            photosByUser[item.owner.id, default: []].append(item.photo.id)
            if let location = item.location {
                photosByLocation[location.id, default: []].append(item.photo.id)
                locations[location.id] = location
            }
            let measurer = self.measurer
            return SessionItem(id: item.photo.id, nodeBlock: { PhotoCellNode(model: model, measurer: measurer) },
                               jobs: jobs(for: item), isImageLoaded: item.photo.imageState == .loaded,
                               precomputedHeight: heights[item.photo.id])
        }
    }

    /// The jobs of `item`, in ASDKgram's order: the photo, the avatar, the reverse geocode, the
    /// comment feed (the session requests the geocode when the page arrives and the others when
    /// the cell enters the preload range: ``SessionItem/pageJobs``).
    func jobs(for item: FeedItem) -> [JobKey] {
        var jobs: [JobKey] = []
        if item.photo.imageState == .pending { jobs.append(JobKey(kind: .image, targetID: item.photo.id)) }
        if item.owner.avatarState == .pending { jobs.append(JobKey(kind: .avatar, targetID: item.owner.id)) }
        if let location = item.location, location.geocodeState == .pending {
            jobs.append(JobKey(kind: .geocode, targetID: location.id))
        }
        if let commentFeed = commentFeedJob(for: item) { jobs.append(commentFeed) }
        return jobs
    }

    /// The photo's comment-feed job while its first page has not arrived (ASDKgram requests it
    /// in `didEnterPreloadState`).
    func commentFeedJob(for item: FeedItem) -> JobKey? {
        item.photo.commentsLoaded ? nil : JobKey(kind: .commentFeed, targetID: item.photo.id)
    }

    public func complete(_ job: JobKey, succeeded: Bool, cell: (Int64) -> CellNode?) throws -> SessionJobEffect {
        // A geocode given up on still sets the (empty) location label, as ASDKgram's does.
        guard succeeded || job.kind == .geocode else { return .none }
        // Kinds compared one by one, not switched over: a kind this source does not know of
        // (one added to the store later) changes nothing until it is handled here.
        if job.kind == .image {
            update([job.targetID], cell: cell) { $0.isImageLoaded = true }
            return SessionJobEffect(imagesLoaded: [job.targetID])
        }
        if job.kind == .avatar {
            update(photosByUser[job.targetID] ?? [], cell: cell) { $0.isAvatarLoaded = true }
            return .none
        }
        if job.kind == .geocode, let location = locations[job.targetID] {
            let place = succeeded
                ? try store.placemark(latitude: location.latitude, longitude: location.longitude, geocoder: geocoder)
                : nil
            let photos = photosByLocation[job.targetID] ?? []
            update(photos, cell: cell) {
                $0.setLocation(placeName: place?.locality, country: place?.country,
                               state: succeeded ? .resolved : .failed, subLocality: place?.subLocality,
                               administrativeArea: place?.administrativeArea,
                               subAdministrativeArea: place?.subAdministrativeArea)
            }
            return SessionJobEffect(layoutChanged: photos)
        }
        if job.kind == .commentFeed {
            let page = try store.commentFeedFirstPage(photoIDs: [job.targetID], limit: PhotoCellModel.commentPageSize)
            let comments = Array((page[job.targetID] ?? []).suffix(PhotoCellModel.shownCommentCount))
            let count = commentCounts[job.targetID] ?? 0
            update([job.targetID], cell: cell) {
                $0.commentCount = count
                $0.comments = comments
            }
            return SessionJobEffect(layoutChanged: count == 0 ? [] : [job.targetID])
        }
        return .none
    }

    /// Changes the models of `photos` and shows them in their cells.
    private func update(_ photos: [Int64], cell: (Int64) -> CellNode?, _ change: (inout PhotoCellModel) -> Void) {
        for id in photos {
            guard var model = models[id] else { continue }
            change(&model)
            models[id] = model
            (cell(id) as? PhotoCellNode)?.update(model)
        }
    }

    /// The layout cache's height for each photo of `ids` at this width and scale (see the type).
    private func precomputedHeights(_ ids: [Int64]) throws -> [Int64: Double] {
        let range = CacheSizeRange(FeedController.sizeRange(width: width))
        var best: [Int64: CachedLayoutEntry] = [:]
        for entry in try store.cachedLayoutEntries(photoIDs: ids, cellKind: FeedController.cellKind)
        where entry.sizeRange == range && entry.scale == scale && entry.engineVersion == EngineVersion.layoutEngine {
            if best[entry.photoID].map({ $0.contentVersion < entry.contentVersion }) ?? true {
                best[entry.photoID] = entry
            }
        }
        return best.mapValues(\.height)
    }
}
