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
                if let node = element.node, queued.contains(ObjectIdentifier(node)) {
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
            for path in paths {
                sections[path.section][path.item].constrainedSize = dataSource.constrainedSize(at: path)
            }
        }
        let jobs = paths.map { path in
            let element = sections[path.section][path.item]
            return (node: element.node!, range: element.constrainedSize)
        }
        let context = self.context
        let sizes = ParallelWork.map(count: jobs.count, width: parallelism) { index -> Size? in
            let job = jobs[index]
            guard job.range.hasSignificantArea else { return nil }
            let size = job.node.layoutThatFits(job.range, context: context).size
            job.node.frame = Rect(origin: .zero, size: size)
            return size
        }
        var changed: [ItemPath: Size] = [:]
        for (path, size) in zip(paths, sizes) {
            if sections[path.section][path.item].size != size, let size { changed[path] = size }
            sections[path.section][path.item].size = size
        }
        return changed
    }
}
