import LayoutCore

/// The 10,000-node tree: a vertical stack of 1,000 horizontal rows of 9 fixed leaves
/// (1 root + 1,000 rows + 9,000 leaves). Leaf sizes vary so rows differ in height.
enum GridMetrics {
    static let rows = 1_000
    static let columns = 9
    static let width = 375.0

    /// Leaf (row, column)'s size: 30…38 wide, 10…16 high, whole points.
    @inline(__always)
    static func leafSize(row: Int, column: Int) -> Size {
        Size(30 + Double((column * 7 + row) % 5) * 2, 10 + Double((row + column) % 4) * 2)
    }

    static func leafName(row: Int, column: Int) -> String {
        "r\(row)c\(column)"
    }

    static var range: SizeRange {
        SizeRange(min: Size(width, 0), max: Size(width, .infinity))
    }
}
