import LayoutCore

extension DataController {
    /// §9.1 step 3: runs the node block of every element without a node, in parallel, and
    /// measures each new node with its constrained size when that has significant area.
    /// Returns the allocated items, ascending.
    func allocateAndMeasure() -> [ItemPath] {
        var pending: [(path: ItemPath, block: CellNodeBlock, range: SizeRange)] = []
        for (section, items) in sections.enumerated() {
            for (item, element) in items.enumerated() where element.node == nil {
                pending.append((ItemPath(section, item), element.nodeBlock, element.constrainedSize))
            }
        }
        let context = self.context
        let jobs = pending.map { (block: $0.block, range: $0.range) }
        let inbox = relayoutQueue
        let made = ParallelWork.map(count: jobs.count, width: parallelism) { index -> (CellNode, Size?) in
            let job = jobs[index]
            let node = job.block()
            node.isRangeManaged = true
            node.interactionDelegate = inbox
            guard job.range.hasSignificantArea else { return (node, nil) }
            let size = node.layoutThatFits(job.range, context: context).size
            node.frame = Rect(origin: .zero, size: size)
            return (node, size)
        }
        for (job, (node, size)) in zip(pending, made) {
            sections[job.path.section][job.path.item].node = node
            sections[job.path.section][job.path.item].size = size
        }
        return pending.map(\.path)
    }

    /// The cells laid out as a table: stacked from y 0 at their measured sizes, for a
    /// ``RangeController`` (unmeasured cells take no room).
    public func tableRangeElements() -> [RangeElement] {
        var y = 0.0
        var elements: [RangeElement] = []
        for (section, items) in sections.enumerated() {
            for (item, element) in items.enumerated() {
                let size = element.size ?? .zero
                elements.append(RangeElement(path: ItemPath(section, item), frame: Rect(0, y, size.width, size.height),
                                             node: element.node))
                y += size.height
            }
        }
        return elements
    }
}
