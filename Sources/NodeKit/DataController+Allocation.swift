import LayoutCore

extension DataController {
    /// §9.1 step 3: runs the node block of every element without a node (those at `paths`,
    /// ascending), in parallel, and measures each new node with its constrained size when that
    /// has significant area. Returns `paths`.
    ///
    /// Only the parallel part scales with cores, so the steps around it stay lean: one exclusive
    /// access to `sections` to collect the elements and one to store the results.
    func allocateAndMeasure(at paths: [ItemPath]) -> [ItemPath] {
        let elements = Self.elements(at: paths, in: sections)
        assert(elements.allSatisfy { $0.node == nil }, "allocating an element that has a node")
        let context = self.context
        let inbox = relayoutQueue
        let made = ParallelWork.map(count: elements.count, width: parallelism) { index -> AllocatedCell in
            // Read in place, not copied: a copy retains the node block, which the calling thread made.
            let node = elements[index].nodeBlock()
            node.isRangeManaged = true
            node.interactionDelegate = inbox
            return AllocatedCell(node: node,
                                 size: Self.measure(node, within: elements[index].constrainedSize, context: context))
        }
        Self.store(made, at: paths, into: &sections)
        return paths
    }

    private struct AllocatedCell: Sendable {
        /// Always set when made; taken (left `nil`) when stored.
        var node: CellNode?
        var size: Size?
    }

    /// Moves each cell's node into its element: the calling thread then writes no reference
    /// count of a node another worker made (each such write would pull the line from that core).
    private static func store(_ cells: consuming [AllocatedCell], at paths: [ItemPath],
                              into sections: inout [[Element]]) {
        var cells = cells
        for index in cells.indices {
            let path = paths[index]
            sections[path.section][path.item].node = cells[index].node.take()
            sections[path.section][path.item].size = cells[index].size
        }
    }

    /// The cells laid out as a table: stacked from y 0 at their measured sizes, for a
    /// ``RangeController`` (unmeasured cells take no room). A host that scrolls makes a
    /// ``RangeList`` of them once per update and passes it to every scroll step.
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
