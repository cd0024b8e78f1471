import FeedStore

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
    /// Lays out every photo's cell at every width and scale, page by page, through the layout
    /// cache: misses are measured (in parallel) and stored, hits cost a lookup. Scales are the
    /// outer loop, widths the inner one.
    ///
    /// ```swift
    /// let done = try controller.precomputeLayouts(widths: [320, 375, 414], scales: [2, 3])
    /// print("\(done.layouts) layouts, \(done.computed) computed")
    /// ```
    public func precomputeLayouts(widths: [Double], scales: [Double], pageSize: Int = 256) throws
        -> LayoutPrecomputation {
        var result = LayoutPrecomputation()
        for scale in scales {
            for width in widths {
                var cursor: FeedCursor?
                repeat {
                    let page = try self.page(width: width, scale: scale, limit: pageSize, after: cursor)
                    result.layouts += page.entries.count
                    result.computed += page.misses
                    cursor = page.next
                } while cursor != nil
            }
        }
        return result
    }
}
