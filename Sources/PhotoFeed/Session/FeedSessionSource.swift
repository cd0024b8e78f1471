import FeedModel
import NodeKit

/// Where a ``FeedSession`` gets its cells and what the sync daemon's completions do to them.
///
/// The session asks for pages as batch fetching decides, builds each item's cell through a
/// ``DataController`` with the item's node block, requests the item's jobs as ASDKgram does (the
/// reverse geocode when the page arrives, the rest when the cell enters the preload range, see
/// ``SessionItem/pageJobs``), and gives each finished job back here. ``StoreSessionSource`` reads
/// the feed from a ``FeedStore``; tests and benchmarks bring their own.
public protocol FeedSessionSource: AnyObject {
    /// The next `limit` items of the feed: fewer at its end, none past it.
    func nextPage(limit: Int) throws -> [SessionItem]

    /// Applies a finished job to the cells that show its target (`cell` gives the node of an
    /// item by id, nil while it has none) and says what changed. Jobs that failed for good come
    /// here too, with `succeeded` false.
    ///
    /// A cell whose layout inputs change calls its own `setNeedsLayout()` (ASDKgram's cell does,
    /// and ``PhotoCellNode/update(_:)`` does); the session decides when the table learns the new
    /// height (``FeedSession``: at once for a loaded cell, as it enters the display range for
    /// another).
    func complete(_ job: JobKey, succeeded: Bool, cell: (Int64) -> CellNode?) throws -> SessionJobEffect
}

/// One item of the feed as a session shows it.
public struct SessionItem: Sendable {
    /// The item's id, unique in the feed (the photo's).
    public var id: Int64
    /// Makes the item's cell (run by the data controller, possibly on another thread).
    public var nodeBlock: CellNodeBlock
    /// The jobs for what the item is still missing (assets and layout inputs; nothing for what it
    /// already has), in the order they are requested: ``pageJobs`` when the page arrives,
    /// ``preloadJobs`` when the cell enters the preload range.
    public var jobs: [JobKey]
    /// Whether its image is there already (else the cell shows a placeholder until its image job
    /// succeeds).
    public var isImageLoaded: Bool
    /// A height computed ahead (the layout cache's), which the cell's constrained size keeps as
    /// its minimum; nil to measure the cell from nothing.
    public var precomputedHeight: Double?

    public init(id: Int64, nodeBlock: @escaping CellNodeBlock, jobs: [JobKey], isImageLoaded: Bool,
                precomputedHeight: Double? = nil) {
        self.id = id
        self.nodeBlock = nodeBlock
        self.jobs = jobs
        self.isImageLoaded = isImageLoaded
        self.precomputedHeight = precomputedHeight
    }
}

/// What one finished job changed.
public struct SessionJobEffect: Hashable, Sendable {
    /// Items whose image arrived (their placeholders end).
    public var imagesLoaded: [Int64]
    /// Items whose cell's layout inputs changed (the session lays them out again).
    public var layoutChanged: [Int64]

    public init(imagesLoaded: [Int64] = [], layoutChanged: [Int64] = []) {
        self.imagesLoaded = imagesLoaded
        self.layoutChanged = layoutChanged
    }

    public static let none = SessionJobEffect()
}

// MARK: - When ASDKgram starts a job

extension SessionItem {
    /// Whether ASDKgram starts a job of `kind` when the photo's page arrives rather than when the
    /// cell enters the preload range: only the reverse geocode, which `LocationModel`'s
    /// initialiser starts as `PhotoModel` parses the photo, before any cell exists. The comment
    /// feed starts in the cell's `didEnterPreloadState`; the photo and the avatar are its network
    /// image nodes', which load on entering the preload state (Texture's `ASNetworkImageNode`).
    public static func startsOnPageArrival(_ kind: JobKind) -> Bool {
        kind == .geocode
    }

    /// The jobs requested when the item's page arrives, in ``jobs``'s order.
    public var pageJobs: [JobKey] { jobs.filter { Self.startsOnPageArrival($0.kind) } }

    /// The jobs requested when the item's cell enters the preload range, in ``jobs``'s order.
    public var preloadJobs: [JobKey] { jobs.filter { !Self.startsOnPageArrival($0.kind) } }
}
