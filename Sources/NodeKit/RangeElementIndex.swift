/// The cells of one range update, found by path.
///
/// A list whose paths ascend (a table's or a collection's cells, as a data controller lists
/// them) is searched by bisection, so an update that looks up the few cells around the viewport
/// does not hash every cell of a long feed on each scroll step. Any other list gets a map from
/// path to element, built on the first lookup (the last element wins when a path repeats).
struct RangeElementIndex {
    let elements: [RangeElement]
    /// Whether the paths strictly ascend.
    let isSorted: Bool
    private var byPath: [ItemPath: Int]?

    init(_ elements: [RangeElement]) {
        self.elements = elements
        isSorted = zip(elements, elements.dropFirst()).allSatisfy { $0.path < $1.path }
    }

    /// The node at `path`, if the list has that cell and it is allocated.
    mutating func node(at path: ItemPath) -> DisplayNode? {
        guard let index = index(of: path) else { return nil }
        return elements[index].node
    }

    private mutating func index(of path: ItemPath) -> Int? {
        if isSorted {
            var low = 0, high = elements.count
            while low < high {
                let middle = (low + high) / 2
                if elements[middle].path < path { low = middle + 1 } else { high = middle }
            }
            return low < elements.count && elements[low].path == path ? low : nil
        }
        if byPath == nil {
            byPath = Dictionary(elements.indices.map { (elements[$0].path, $0) }, uniquingKeysWith: { _, last in last })
        }
        return byPath?[path]
    }
}
