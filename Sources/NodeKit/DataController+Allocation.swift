import LayoutCore

extension DataController {
    /// §9.1 steps 2 and 3, overlapped: `build` makes the update's new elements through `make`
    /// (which asks the data source for each, on this thread) in the order of `paths`, where they
    /// are once `build` has returned; meanwhile the workers run each made element's node block and
    /// measure the new node with its constrained size when that has significant area. The nodes
    /// and sizes are then stored at `paths`. Returns what `build` returned.
    ///
    /// The steps that make the elements run on this thread only, overlapping the parallel part:
    /// the other workers start on the first elements while this thread makes the rest, then
    /// it joins them (``ParallelWork/map(count:width:producing:_:)``). A node block must not depend
    /// on the map changes that `build` makes after its element (Texture's blocks run on background
    /// queues while the main thread goes on, too).
    func buildAllocating<Built>(_ paths: [ItemPath], from dataSource: any DataControllerDataSource,
                                _ build: (_ make: (ItemPath) -> Element) -> Built) -> Built {
        let context = self.context
        let inbox = relayoutQueue
        let (built, made) = ParallelWork.map(count: paths.count, width: parallelism, producing: { publish in
            var next = 0
            return build { path in
                assert(path == paths[next], "elements made out of the announced order")
                next += 1
                let element = Self.makeElement(path, dataSource)
                publish(element)
                return element
            }
        }) { element -> AllocatedCell in
            // Read in place, not copied: a copy retains the node block, which the calling thread made.
            let node = element.nodeBlock()
            node.isRangeManaged = true
            node.interactionDelegate = inbox
            return AllocatedCell(node: node, size: Self.measure(node, within: element.constrainedSize, context: context))
        }
        Self.store(made, at: paths, into: &sections)
        return built
    }

    /// A new element: the data source's node block (not run) and constrained size for `path`.
    private static func makeElement(_ path: ItemPath, _ dataSource: any DataControllerDataSource) -> Element {
        Element(nodeBlock: dataSource.nodeBlock(at: path), node: nil,
                constrainedSize: dataSource.constrainedSize(at: path), size: nil)
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
