import FeedModel
import LayoutCore
import NodeKit

/// What a layout precomputation went through: every cell layout it read, and how many of them
/// it measured (the layout cache's misses) rather than found stored.
public struct LayoutPrecomputation: Hashable, Sendable {
    /// Cell layouts read: one per photo, width and scale.
    public var layouts: Int
    /// Of those, the layouts measured and stored.
    public var computed: Int

    public init(layouts: Int = 0, computed: Int = 0) {
        self.layouts = layouts
        self.computed = computed
    }
}

extension FeedController {
    /// Lays out every photo's cell at every width and scale through the layout cache: misses are
    /// measured (through the live cells' data controller, in parallel) and stored, hits cost a
    /// lookup. Scales are the outer loop, widths the inner one.
    ///
    /// For each width and scale, a client pages through the whole feed the way ASDKgram does
    /// (``FeedPaging``): it scrolls a `viewportHeight`-point viewport to the end of what it has
    /// loaded, so batch fetching asks for every next page, of `paging`'s sizes.
    ///
    /// ```swift
    /// let done = try controller.precomputeLayouts(widths: [320, 375, 414], scales: [2, 3])
    /// print("\(done.layouts) layouts, \(done.computed) computed")
    /// ```
    public func precomputeLayouts(widths: [Double], scales: [Double], paging: FeedPaging = .asdkgram,
                                  viewportHeight: Double = 667) throws -> LayoutPrecomputation {
        var result = LayoutPrecomputation()
        for scale in scales {
            for width in widths {
                let viewport = Size(width, viewportHeight)
                let context = BatchContext()
                var cursor: FeedCursor?
                var loaded = 0
                var contentHeight = 0.0
                while paging.shouldFetchNextPage(contentHeight: contentHeight, viewport: viewport,
                                                 offset: max(0, contentHeight - viewportHeight), context: context) {
                    context.beginBatchFetching()
                    let page = try self.page(width: width, scale: scale, limit: paging.limit(afterLoading: loaded),
                                             after: cursor)
                    context.completeBatchFetching(true)
                    result.layouts += page.entries.count
                    result.computed += page.misses
                    loaded += page.entries.count
                    contentHeight += page.entries.reduce(0) { $0 + $1.layout.height }
                    guard let next = page.next else { break }
                    cursor = next
                }
            }
        }
        return result
    }
}
