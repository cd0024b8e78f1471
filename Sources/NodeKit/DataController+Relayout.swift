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
    ///
    /// A few queued cells are found through ``NodePositions``. When many are queued and the
    /// positions are not at hand, one walk over the list finds them for less than building the
    /// map would cost.
    @discardableResult
    public func relayoutQueuedNodes() -> [ItemPath: Size] {
        guard !relayoutQueue.isEmpty else { return [:] }
        let queued = relayoutQueue.drain()
        if !nodePositions.isBuilt && queued.count * 8 >= sections.reduce(0, { $0 + $1.count }) {
            return remeasure(paths { element in element.node.map { queued[ObjectIdentifier($0)] != nil } ?? false })
        }
        return remeasure(nodePositions.paths(of: queued.keys, in: sections))
    }

    /// §9.4 `relayoutAllNodes` (bounds or traits changed): refreshes every element's
    /// constrained size from the data source and re-measures every allocated node.
    @discardableResult
    public func relayoutAllNodes() -> [ItemPath: Size] {
        let paths = paths { $0.node != nil }
        relayoutQueue.removeAll()
        return remeasure(paths)
    }

    /// Refreshes the constrained sizes of the cells at `paths` from the data source, re-measures
    /// them in parallel and returns those whose size changed. The workers measure each cell as
    /// soon as this thread has its range (``ParallelWork/map(count:width:producing:_:)``).
    private func remeasure(_ paths: [ItemPath]) -> [ItemPath: Size] {
        let dataSource = self.dataSource
        let context = self.context
        let (_, sizes) = ParallelWork.map(count: paths.count, width: parallelism, producing: { publish in
            Self.refreshRanges(at: paths, from: dataSource, in: &sections, publishing: publish)
        }) { cell -> Size? in
            Self.measure(cell.node, within: cell.range, context: context)
        }
        return Self.storeSizes(sizes, at: paths, in: &sections)
    }

    /// A cell to re-measure, and the range to measure it in.
    private struct RangedCell: Sendable {
        var node: CellNode
        var range: SizeRange
    }

    /// Asks the data source again for the constrained size at each of `paths` (when it is still
    /// there), stores it and publishes the cell with it, under one exclusive access to `sections`.
    /// Every path holds an allocated node.
    private static func refreshRanges(at paths: [ItemPath], from dataSource: (any DataControllerDataSource)?,
                                      in sections: inout [[Element]],
                                      publishing publish: ParallelWork.Publisher<RangedCell>) {
        for path in paths {
            if let dataSource {
                sections[path.section][path.item].constrainedSize = dataSource.constrainedSize(at: path)
            }
            publish(RangedCell(node: sections[path.section][path.item].node!,
                               range: sections[path.section][path.item].constrainedSize))
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
