import FeedStore
import NodeKit

/// Where a ``FeedSession`` gets its cells and what the sync daemon's completions do to them.
///
/// The session asks for pages as batch fetching decides, builds each item's cell through a
/// ``DataController`` with the item's node block, requests the item's jobs when its cell enters
/// the preload range, and gives each finished job back here. ``StoreSessionSource`` reads the
/// feed from a ``FeedStore``; tests and benchmarks bring their own.
public protocol FeedSessionSource: AnyObject {
    /// The next `limit` items of the feed: fewer at its end, none past it.
    func nextPage(limit: Int) throws -> [SessionItem]

    /// Applies a finished job to the cells that show its target (`cell` gives the node of an
    /// item by id, nil while it has none) and says what changed. Jobs that failed for good come
    /// here too, with `succeeded` false.
    func complete(_ job: JobKey, succeeded: Bool, cell: (Int64) -> CellNode?) throws -> SessionJobEffect
}

/// One item of the feed as a session shows it.
public struct SessionItem: Sendable {
    /// The item's id, unique in the feed (the photo's).
    public var id: Int64
    /// Makes the item's cell (run by the data controller, possibly on another thread).
    public var nodeBlock: CellNodeBlock
    /// The jobs its cell requests when it enters the preload range, in this order (assets and
    /// layout inputs still missing; nothing for what the item already has).
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
