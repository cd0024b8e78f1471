import LayoutCore

extension DataController {
    /// §9.1 step 3: runs the node block of every element without a node, in parallel, and
    /// measures each new node with its constrained size when that has significant area.
    /// Returns the allocated items, ascending.
    ///
    /// Only the parallel part scales with cores, so the steps around it stay lean: one exclusive
    /// access to `sections` to collect the jobs and one to store the results.
    func allocateAndMeasure() -> [ItemPath] {
        let (paths, jobs) = Self.unallocated(in: sections)
        let context = self.context
        let inbox = relayoutQueue
        let made = ParallelWork.map(count: jobs.count, width: parallelism) { index -> AllocatedCell in
            let job = jobs[index]
            let node = job.block()
            node.isRangeManaged = true
            node.interactionDelegate = inbox
            guard job.range.hasSignificantArea else { return AllocatedCell(node: node, size: nil) }
            let size = node.layoutThatFits(job.range, context: context).size
            node.frame = Rect(origin: .zero, size: size)
            return AllocatedCell(node: node, size: size)
        }
        Self.store(made, at: paths, into: &sections)
        return paths
    }

    /// A node block to run and the range to measure its node with. A struct rather than a tuple:
    /// a closure in a tuple array is stored re-abstracted, costing an allocation per cell.
    private struct AllocationJob: Sendable {
        var block: CellNodeBlock
        var range: SizeRange
    }

    private struct AllocatedCell: Sendable {
        var node: CellNode
        var size: Size?
    }

    /// The paths of the elements without a node, ascending, and their jobs.
    private static func unallocated(in sections: [[Element]]) -> ([ItemPath], [AllocationJob]) {
        var paths: [ItemPath] = []
        var jobs: [AllocationJob] = []
        for (section, items) in sections.enumerated() {
            for (item, element) in items.enumerated() where element.node == nil {
                paths.append(ItemPath(section, item))
                jobs.append(AllocationJob(block: element.nodeBlock, range: element.constrainedSize))
            }
        }
        return (paths, jobs)
    }

    private static func store(_ cells: [AllocatedCell], at paths: [ItemPath], into sections: inout [[Element]]) {
        for (path, cell) in zip(paths, cells) {
            sections[path.section][path.item].node = cell.node
            sections[path.section][path.item].size = cell.size
        }
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
