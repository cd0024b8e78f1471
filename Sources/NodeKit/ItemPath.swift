/// The position of an item: a section and an item within it (Texture's `NSIndexPath` for cells).
///
/// Ordered by section, then item, which is the order Texture sorts inserts (ascending) and
/// deletes (descending) in.
public struct ItemPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var section: Int
    public var item: Int

    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    public init(_ section: Int, _ item: Int) {
        self.init(section: section, item: item)
    }

    public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }

    public var description: String { "[\(section), \(item)]" }
}
