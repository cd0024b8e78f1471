import LayoutCore

/// The cells a ``RangeController`` works over, with what one pass learned of their order: make
/// it once when the cells or their frames change and give it to every scroll step until then.
///
/// A list whose paths ascend (a table's or a collection's cells, as a data controller lists
/// them) is searched by bisection, so an update that looks up the few cells around the viewport
/// does not hash every cell of a long feed; any other list gets a map from path to element (the
/// last element wins when a path repeats). A list whose frames are stacked from top to bottom (a
/// table, a grid's rows, a single column) has the cells meeting a rectangle in one run, found by
/// bisection too; any other layout is tested frame by frame. A scroll step over a prepared
/// stacked list then costs what the cells in range cost, however long the list.
public struct RangeList: Sendable {
    public let elements: [RangeElement]
    /// Whether the paths strictly ascend.
    let isSorted: Bool
    /// Whether the frames' top edges, and their bottom edges, never decrease along the list.
    let isStackedVertically: Bool
    /// Positions by path, for a list whose paths do not ascend.
    private let byPath: [ItemPath: Int]?

    public init(_ elements: [RangeElement]) {
        self.elements = elements
        var isSorted = true, isStacked = true
        for index in elements.indices.dropFirst() where isSorted || isStacked {
            let previous = elements[index - 1], next = elements[index]
            isSorted = isSorted && previous.path < next.path
            // A NaN edge compares false: not stacked.
            isStacked = isStacked && previous.frame.minY <= next.frame.minY && previous.frame.maxY <= next.frame.maxY
        }
        self.isSorted = isSorted
        isStackedVertically = isStacked
        byPath = isSorted ? nil
            : Dictionary(elements.indices.map { (elements[$0].path, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// The node at `path`, if the list has that cell and it is allocated.
    func node(at path: ItemPath) -> DisplayNode? {
        guard let index = index(of: path) else { return nil }
        return elements[index].node
    }

    /// The paths of the cells whose frames intersect `rect`.
    func paths(intersecting rect: Rect) -> Set<ItemPath> {
        var candidates = elements[...]
        if isStackedVertically {
            // Meeting the rectangle vertically: below its top (a suffix) and above its bottom (a prefix).
            let start = elements.partitionPoint { $0.frame.maxY > rect.minY }
            let end = elements.partitionPoint { $0.frame.minY >= rect.maxY }
            candidates = elements[start..<max(start, end)]
        }
        return Set(candidates.lazy.filter { $0.frame.intersects(rect) }.map(\.path))
    }

    private func index(of path: ItemPath) -> Int? {
        guard isSorted else { return byPath?[path] }
        let index = elements.partitionPoint { $0.path >= path }
        return index < elements.count && elements[index].path == path ? index : nil
    }
}
