import FeedModel
import LayoutCore
import NodeKit
import Synchronization

/// A feed of made-up cells for sessions without a store: tests whose counts follow from chosen
/// heights, and the benchmark's 10,000-cell session.
///
/// Item `i` (id `i + 1`) is a ``SyntheticCellNode`` of `height(i)` points. Every cell requests
/// its image's job; a cell with `growth(i) > 0` also has a layout-input job of kind `growthJob`,
/// whose success makes it that many points taller, as a location label or a comment page
/// arriving late does: a reverse geocode (the default) is requested when the item's page
/// arrives, a comment feed when the cell enters the preload range (``SessionItem/pageJobs``).
/// Its precomputed height is the height it ends with (what a layout cache filled after the
/// daemon's completions holds).
public final class SyntheticSessionSource: FeedSessionSource {
    public let count: Int
    private let height: @Sendable (Int) -> Double
    private let growth: @Sendable (Int) -> Double
    /// The kind of a growing cell's layout-input job.
    public let growthJob: JobKind
    private var next = 0

    public init(count: Int, height: @escaping @Sendable (Int) -> Double,
                growth: @escaping @Sendable (Int) -> Double = { _ in 0 }, growthJob: JobKind = .geocode) {
        self.count = count
        self.height = height
        self.growth = growth
        self.growthJob = growthJob
    }

    public func nextPage(limit: Int) throws -> [SessionItem] {
        let range = next..<min(count, next + limit)
        next = range.upperBound
        return range.map { index in
            let id = Int64(index + 1), height = height(index), growth = growth(index)
            var jobs = [JobKey(kind: .image, targetID: id)]
            if growth > 0 { jobs.append(JobKey(kind: growthJob, targetID: id)) }
            return SessionItem(id: id, nodeBlock: { SyntheticCellNode(height: height) }, jobs: jobs,
                               isImageLoaded: false, precomputedHeight: height + growth)
        }
    }

    public func complete(_ job: JobKey, succeeded: Bool, cell: (Int64) -> CellNode?) throws -> SessionJobEffect {
        guard succeeded else { return .none }
        if job.kind == .image { return SessionJobEffect(imagesLoaded: [job.targetID]) }
        guard job.kind == growthJob else { return .none }
        guard let node = cell(job.targetID) as? SyntheticCellNode else { return .none }
        node.height += growth(Int(job.targetID) - 1)
        return SessionJobEffect(layoutChanged: [job.targetID])
    }
}

/// A cell of a fixed height, as wide as its container (the manual sizing path).
public final class SyntheticCellNode: CellNode, @unchecked Sendable {
    private let heightStorage: Mutex<Double>

    public init(height: Double) {
        heightStorage = Mutex(height)
        super.init(id: "syntheticCell")
    }

    /// The cell's height; setting it marks the cell as needing layout.
    public var height: Double {
        get { heightStorage.withLock { $0 } }
        set {
            heightStorage.withLock { $0 = newValue }
            setNeedsLayout()
        }
    }

    public override func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        Size(constrainedSize.width, height)
    }
}
