import LayoutCore

/// Owns a sectioned list of cell nodes and applies batch updates to it the way Texture's
/// `ASDataController` does (semantics §9).
///
/// An update is validated against the data source's fresh counts (invalid ones throw
/// ``BatchUpdateError`` and change nothing), reduced to deletes and inserts, and applied in
/// Texture's order (§9.2, reported as ``MapOperation``s). New cells are then allocated and
/// measured in parallel on ``parallelism`` threads: each node block runs, the node becomes range
/// managed and, when its constrained size has significant area, is measured with
/// `layoutThatFits`. Relayout after a cell's size became stale follows §9.4.
///
/// Not `Sendable`: one owner drives it (Texture's main thread); only node blocks and
/// measurement run elsewhere, inside each call.
public final class DataController {
    /// One cell: its node block, the node once allocated, its constrained size and measured size.
    public struct Element: Sendable {
        public var nodeBlock: CellNodeBlock
        public var node: CellNode?
        public var constrainedSize: SizeRange
        /// The last measured size; `nil` until measured (or when the range has no area).
        public var size: Size?
    }

    /// What one update did.
    public struct UpdateResult: Sendable {
        /// The map mutations in the order applied.
        public var operations: [MapOperation]
        /// The items whose nodes were allocated (and measured) by this update, ascending.
        public var allocated: [ItemPath]
    }

    public weak var dataSource: (any DataControllerDataSource)?
    /// The scale cells are measured at. A change applies to the cells measured afterwards (the
    /// next update's new cells, the next relayout); ``relayoutAllNodes()`` re-measures the others,
    /// as Texture does when the container's traits change.
    public var context: LayoutContext
    /// How many threads allocate and measure cells (default, `nil` in `init`: every active core).
    public var parallelism: Int

    /// Section structure (an identity per section) and the items of each section.
    public private(set) var sectionIDs: [Int] = []
    public internal(set) var sections: [[Element]] = []
    private var nextSectionID = 0
    private var hasLoaded = false
    /// Cells waiting for relayout; also the cells' interaction delegate.
    let relayoutQueue = RelayoutQueue()
    /// Where each allocated node is, for relayouts of a few cells.
    var nodePositions = NodePositions()

    public init(dataSource: any DataControllerDataSource, context: LayoutContext,
                parallelism: Int? = nil) {
        self.dataSource = dataSource
        self.context = context
        self.parallelism = max(1, parallelism ?? ParallelWork.defaultWidth)
    }

    /// The number of items in each section.
    public var itemCounts: [Int] { sections.map(\.count) }

    /// The element at `path`, if it exists.
    public func element(at path: ItemPath) -> Element? {
        guard sections.indices.contains(path.section), sections[path.section].indices.contains(path.item) else {
            return nil
        }
        return sections[path.section][path.item]
    }

    /// The node at `path`, if allocated.
    public func node(at path: ItemPath) -> CellNode? { element(at: path)?.node }

    // MARK: - Updates

    /// Rebuilds every section from the data source and allocates all cells. Returns the
    /// allocated items.
    @discardableResult
    public func reloadData() -> [ItemPath] {
        guard let dataSource else { return [] }
        let counts = (0..<dataSource.numberOfSections()).map { dataSource.numberOfItems(inSection: $0) }
        sectionIDs = counts.map { _ in makeSectionID() }
        hasLoaded = true
        nodePositions.invalidate()
        relayoutQueue.removeAll()
        let paths = counts.indices.flatMap { section in (0..<counts[section]).map { ItemPath(section, $0) } }
        buildAllocating(paths, from: dataSource) { make in
            sections = counts.indices.map { section in
                (0..<counts[section]).map { make(ItemPath(section, $0)) }
            }
        }
        return paths
    }

    /// Validates and applies `changes`, and allocates and measures the new cells: in parallel,
    /// starting while this thread is still asking the data source for the later ones.
    @discardableResult
    public func performBatchUpdates(_ changes: ChangeSet) throws(BatchUpdateError) -> UpdateResult {
        guard let dataSource else { throw .noDataSource }
        guard hasLoaded else { throw .notLoaded }
        let newCounts = (0..<dataSource.numberOfSections()).map { dataSource.numberOfItems(inSection: $0) }
        let oldCounts = itemCounts
        let normalized = try changes.normalized(oldCounts: oldCounts, newCounts: newCounts)
        let keepsPositions = NodePositions.keepsPositions(normalized, oldCounts: oldCounts)
        if !keepsPositions { nodePositions.invalidate() }
        let created = createdPaths(normalized, newCounts: newCounts)
        let operations = buildAllocating(created, from: dataSource) { make in apply(normalized, newCounts, make) }
        let allocated = normalized.insertedSections.isEmpty || normalized.insertedItems.isEmpty
            ? created : created.sorted()
        if keepsPositions { nodePositions.recordCreated(allocated, in: sections) }
        return UpdateResult(operations: operations, allocated: allocated)
    }

    /// Where the elements `changes` creates will be, in the order ``apply(_:_:_:)`` makes them:
    /// every item of each inserted section, then each inserted item (those lie outside inserted
    /// sections). Only these get a node, so an update's cost follows its size, not the list's:
    /// appending a page to a long feed does not visit the cells already there.
    private func createdPaths(_ changes: NormalizedChangeSet, newCounts: [Int]) -> [ItemPath] {
        guard !changes.insertedSections.isEmpty else { return changes.insertedItems }
        return changes.insertedSections.flatMap { section in
            (0..<newCounts[section]).map { ItemPath(section, $0) }
        } + changes.insertedItems
    }

    /// §9.2: section structure, item deletes, section item removals and insertions, item inserts.
    /// New elements come from `make`, with `newCounts` items in each inserted section.
    private func apply(_ changes: NormalizedChangeSet, _ newCounts: [Int],
                       _ make: (ItemPath) -> Element) -> [MapOperation] {
        var operations: [MapOperation] = []
        func record(_ operation: MapOperation, if values: some Collection) {
            if !values.isEmpty { operations.append(operation) }
        }
        record(.deleteSections(changes.deletedSections), if: changes.deletedSections)
        for section in changes.deletedSections { sectionIDs.remove(at: section) }
        record(.insertSections(changes.insertedSections), if: changes.insertedSections)
        for section in changes.insertedSections { sectionIDs.insert(makeSectionID(), at: section) }

        // When no section comes or goes, old and new section indices agree, so each section's
        // item deletes and inserts are applied together, once the new elements are made.
        let sectionsStay = changes.deletedSections.isEmpty && changes.insertedSections.isEmpty
        record(.deleteItems(changes.deletedItems), if: changes.deletedItems)
        if !sectionsStay { Self.remove(changes.deletedItems, from: &sections).forEach(forget) }
        record(.removeSectionItems(changes.deletedSections), if: changes.deletedSections)
        for section in changes.deletedSections { sections.remove(at: section).forEach(forget) }
        record(.insertSectionItems(changes.insertedSections), if: changes.insertedSections)
        for section in changes.insertedSections {
            sections.insert((0..<newCounts[section]).map { make(ItemPath(section, $0)) }, at: section)
        }
        record(.insertItems(changes.insertedItems), if: changes.insertedItems)
        let inserted = changes.insertedItems.map(make)
        if sectionsStay {
            Self.replaceItems(deleting: changes.deletedItems, inserting: inserted, at: changes.insertedItems,
                              in: &sections).forEach(forget)
        } else {
            Self.insert(inserted, at: changes.insertedItems, into: &sections)
        }
        return operations
    }

    /// Removes the elements at `paths` (descending) and returns them: each section's in one
    /// pass, under one exclusive access to `sections`.
    private static func remove(_ paths: [ItemPath], from sections: inout [[Element]]) -> [Element] {
        let ascending = Array(paths.reversed())
        var removed: [Element] = []
        for run in sectionRuns(ascending) {
            removed += sections[run.section].remove(atAscending: ascending[run.range].map(\.item))
        }
        return removed
    }

    /// Deletes the items at `deletes` (descending) and inserts `elements` at `inserts`
    /// (ascending), in a batch where no section comes or goes; returns the deleted elements. A
    /// section whose deleted and inserted positions are the same (reloads) has those elements
    /// replaced in place, moving no other; any other section takes a pass for each.
    private static func replaceItems(deleting deletes: [ItemPath], inserting elements: [Element],
                                     at inserts: [ItemPath], in sections: inout [[Element]]) -> [Element] {
        let ascendingDeletes = Array(deletes.reversed())
        let deleteRuns = Dictionary(uniqueKeysWithValues: sectionRuns(ascendingDeletes).map { ($0.section, $0.range) })
        let insertRuns = Dictionary(uniqueKeysWithValues: sectionRuns(inserts).map { ($0.section, $0.range) })
        var removed: [Element] = []
        for section in Set(deleteRuns.keys).union(insertRuns.keys).sorted() {
            let deleted = deleteRuns[section].map { ascendingDeletes[$0].map(\.item) } ?? []
            let inserted = insertRuns[section].map { inserts[$0].map(\.item) } ?? []
            let new = insertRuns[section].map { Array(elements[$0]) } ?? []
            if deleted == inserted {
                removed += sections[section].replace(atAscending: deleted, with: new)
            } else {
                removed += sections[section].remove(atAscending: deleted)
                sections[section].insert(new, atAscending: inserted)
            }
        }
        return removed
    }

    /// Inserts `elements` at `paths` (ascending): each section's in one pass (a page appended to
    /// a feed moves nothing), under one exclusive access to `sections`.
    private static func insert(_ elements: [Element], at paths: [ItemPath], into sections: inout [[Element]]) {
        for run in sectionRuns(paths) {
            sections[run.section].insert(Array(elements[run.range]), atAscending: paths[run.range].map(\.item))
        }
    }

    /// The runs of `paths` that share a section, in order: each run's section and its range of
    /// indices in `paths`.
    private static func sectionRuns(_ paths: [ItemPath]) -> [(section: Int, range: Range<Int>)] {
        var runs: [(section: Int, range: Range<Int>)] = []
        var start = 0
        while start < paths.count {
            var end = start + 1
            while end < paths.count, paths[end].section == paths[start].section { end += 1 }
            runs.append((paths[start].section, start..<end))
            start = end
        }
        return runs
    }

    /// The paths of the elements that satisfy `predicate`, ascending.
    func paths(where predicate: (Element) -> Bool) -> [ItemPath] {
        var paths: [ItemPath] = []
        for (section, items) in sections.enumerated() {
            for (item, element) in items.enumerated() where predicate(element) {
                paths.append(ItemPath(section, item))
            }
        }
        return paths
    }

    /// Measures `node` within `range` and gives it that frame, or nothing when `range` has no
    /// significant area (such a cell is not measured).
    static func measure(_ node: CellNode, within range: SizeRange, context: LayoutContext) -> Size? {
        guard range.hasSignificantArea else { return nil }
        let size = node.layoutThatFits(range, context: context).size
        node.frame = Rect(origin: .zero, size: size)
        return size
    }

    private func makeSectionID() -> Int {
        defer { nextSectionID += 1 }
        return nextSectionID
    }

    private func forget(_ element: Element) {
        if let node = element.node { relayoutQueue.remove(node) }
    }
}
