import LayoutCore
import NodeKit

/// A data source for ``DataController`` tests: sections of `(id, height)` rows shown in a table
/// of a given width. Each row's node is a plain node with that preferred height, so a row
/// measures to `width × height`.
public final class ListModel: DataControllerDataSource {
    public struct Row: Hashable, Sendable {
        public var id: String
        public var height: Double

        public init(_ id: String, _ height: Double = 44) {
            self.id = id
            self.height = height
        }
    }

    public var sections: [[Row]]
    public var width: Double
    /// Optional per-row delegate ranges (their widths are ignored, as in Texture).
    public var rowRanges: [ItemPath: SizeRange] = [:]

    public init(sections: [[Row]], width: Double = 375) {
        self.sections = sections
        self.width = width
    }

    public func numberOfSections() -> Int { sections.count }
    public func numberOfItems(inSection section: Int) -> Int { sections[section].count }

    public func nodeBlock(at path: ItemPath) -> CellNodeBlock {
        let row = sections[path.section][path.item]
        return { CellNode(id: LayoutElementID(row.id)).styled { $0.height = .points(row.height) } }
    }

    public func constrainedSize(at path: ItemPath) -> SizeRange {
        CellConstraint.tableRow(width: width, delegateRange: rowRanges[path])
    }
}
