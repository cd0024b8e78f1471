/// Where each allocated cell node of a ``DataController`` is, so that relaying out a few queued
/// cells does not visit every cell of a long list (Texture asks its element map for a node's
/// index path the same way).
///
/// The map is built on first use, a walk over the whole list, and kept by updates that move no
/// cell: those that only reload items in place or append items at the ends of sections, as
/// batch fetching's pages do. Such an update adds its new cells to the map. Any other update or
/// a reload of the whole list drops the map, and the next lookup builds it again.
struct NodePositions {
    private var map: [ObjectIdentifier: ItemPath]?

    /// Whether the map is built.
    var isBuilt: Bool { map != nil }

    /// Forgets every position (the cells moved).
    mutating func invalidate() { map = nil }

    /// Records the cells just allocated at `paths` by an update that moved no existing cell.
    /// Nothing to do while the map is not built. (The cells a reload replaced stay in the map:
    /// they left the list and the queue, and a lookup checks what it finds.)
    mutating func recordCreated(_ paths: [ItemPath], in sections: [[DataController.Element]]) {
        guard map != nil else { return }
        for path in paths {
            if let id = Self.id(of: sections[path.section][path.item]) { map?[id] = path }
        }
    }

    /// The positions of the `nodes` still in `sections`, ascending; builds the map if needed.
    /// Each position found is checked against `sections` (one element read), and a map that
    /// misses a node or places one wrongly is built again: a missed invalidation costs time,
    /// never a wrong or a forgotten cell. (The data controller takes a node out of the queue
    /// when it removes it; one that queues itself again afterwards costs a rebuild, and is not
    /// found.)
    mutating func paths(of nodes: some Collection<ObjectIdentifier>, in sections: [[DataController.Element]])
        -> [ItemPath] {
        if let map, let found = Self.lookUp(nodes, in: map, checkedAgainst: sections) { return found }
        let map = Self.build(sections)
        self.map = map
        return nodes.compactMap { map[$0] }.sorted()
    }

    /// The nodes' positions in `map`, ascending, or `nil` when one of them is missing or no
    /// longer there.
    private static func lookUp(_ nodes: some Collection<ObjectIdentifier>, in map: [ObjectIdentifier: ItemPath],
                               checkedAgainst sections: [[DataController.Element]]) -> [ItemPath]? {
        var paths: [ItemPath] = []
        for node in nodes {
            guard let path = map[node], sections.indices.contains(path.section),
                  sections[path.section].indices.contains(path.item),
                  id(of: sections[path.section][path.item]) == node else { return nil }
            paths.append(path)
        }
        return paths.sorted()
    }

    /// Every allocated node's position. Reads each element in place: copying it would retain its
    /// node, a write to every node's cache line.
    private static func build(_ sections: [[DataController.Element]]) -> [ObjectIdentifier: ItemPath] {
        var map: [ObjectIdentifier: ItemPath] = [:]
        map.reserveCapacity(sections.reduce(0) { $0 + $1.count })
        for section in sections.indices {
            sections[section].withUnsafeBufferPointer { items in
                for item in items.indices {
                    if let id = id(of: items[item]) { map[id] = ItemPath(section, item) }
                }
            }
        }
        return map
    }

    /// The element's node's identity, without retaining the node.
    @inline(__always)
    private static func id(of element: borrowing DataController.Element) -> ObjectIdentifier? {
        element.node.map(ObjectIdentifier.init)
    }

    /// Whether `changes`, applied to sections of `oldCounts` items, leaves every kept cell where
    /// it was: no section comes or goes, and in each section the inserts below the old count are
    /// exactly the deletes (reloads in place), any others being appended at the end. (Both lists
    /// ascend; `deletedItems` is given descending.)
    static func keepsPositions(_ changes: NormalizedChangeSet, oldCounts: [Int]) -> Bool {
        guard changes.deletedSections.isEmpty && changes.insertedSections.isEmpty else { return false }
        let replaced = changes.insertedItems.filter { $0.item < oldCounts[$0.section] }
        return replaced.elementsEqual(changes.deletedItems.reversed())
    }
}
