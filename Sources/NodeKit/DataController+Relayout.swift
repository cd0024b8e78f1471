import LayoutCore

extension DataController {
    /// A cell's size may have changed (Texture's `nodeDidInvalidateSize`): queue it for the
    /// next ``relayoutQueuedNodes()``. Cells call this themselves (the data controller is their
    /// interaction delegate) when a layout pass after `setNeedsLayout` wants a new size.
    public func nodeDidInvalidateSize(_ node: CellNode) {
        relayoutQueue.nodeDidInvalidateSize(node)
    }

    /// §9.4 `relayoutNodes`: re-measures every queued cell still in the list with the
    /// constrained size for its current position (asked of the data source again), in
    /// parallel, and returns the cells whose size changed, with their new sizes.
    @discardableResult
    public func relayoutQueuedNodes() -> [ItemPath: Size] {
        guard !relayoutQueue.isEmpty else { return [:] }
        let queued = relayoutQueue.drain()
        var paths: [ItemPath] = []
        for (section, items) in sections.enumerated() {
            for (item, element) in items.enumerated() {
                if let node = element.node, queued[ObjectIdentifier(node)] != nil {
                    paths.append(ItemPath(section, item))
                }
            }
        }
        return remeasure(paths, refreshConstrainedSizes: true)
    }

    /// §9.4 `relayoutAllNodes` (bounds or traits changed): refreshes every element's
    /// constrained size from the data source and re-measures every allocated node.
    @discardableResult
    public func relayoutAllNodes() -> [ItemPath: Size] {
        var paths: [ItemPath] = []
        for (section, items) in sections.enumerated() {
            for (item, element) in items.enumerated() where element.node != nil {
                paths.append(ItemPath(section, item))
            }
        }
        relayoutQueue.removeAll()
        return remeasure(paths, refreshConstrainedSizes: true)
    }

    private func remeasure(_ paths: [ItemPath], refreshConstrainedSizes: Bool) -> [ItemPath: Size] {
        if refreshConstrainedSizes, let dataSource {
            let ranges = paths.map { dataSource.constrainedSize(at: $0) }
            Self.setConstrainedSizes(ranges, at: paths, in: &sections)
        }
        let jobs = Self.measurements(at: paths, in: sections)
        let context = self.context
        let sizes = ParallelWork.map(count: jobs.count, width: parallelism) { index -> Size? in
            let job = jobs[index]
            guard job.range.hasSignificantArea else { return nil }
            let size = job.node.layoutThatFits(job.range, context: context).size
            job.node.frame = Rect(origin: .zero, size: size)
            return size
        }
        return Self.storeSizes(sizes, at: paths, in: &sections)
    }

    /// An allocated cell and the range to measure it with.
    private struct Measurement: Sendable {
        var node: CellNode
        var range: SizeRange
    }

    // The steps around the parallel measurement each take one exclusive access to `sections`.

    private static func setConstrainedSizes(_ ranges: [SizeRange], at paths: [ItemPath],
                                            in sections: inout [[Element]]) {
        for (path, range) in zip(paths, ranges) {
            sections[path.section][path.item].constrainedSize = range
        }
    }

    private static func measurements(at paths: [ItemPath], in sections: [[Element]]) -> [Measurement] {
        paths.map { path in
            let element = sections[path.section][path.item]
            return Measurement(node: element.node!, range: element.constrainedSize)
        }
    }

    /// Stores the new sizes and returns those that changed.
    private static func storeSizes(_ sizes: [Size?], at paths: [ItemPath],
                                   in sections: inout [[Element]]) -> [ItemPath: Size] {
        var changed: [ItemPath: Size] = [:]
        for (path, size) in zip(paths, sizes) {
            if sections[path.section][path.item].size != size, let size { changed[path] = size }
            sections[path.section][path.item].size = size
        }
        return changed
    }
}
