import LayoutCore
import NodeKit

/// The session's list for its data controller: one section of the items fetched so far, each a
/// table row as wide as the viewport (at least as tall as its precomputed height, if any).
final class SessionDataSource: DataControllerDataSource {
    var items: [SessionItem] = []
    let width: Double

    init(width: Double) {
        self.width = width
    }

    func numberOfSections() -> Int { 1 }
    func numberOfItems(inSection section: Int) -> Int { items.count }
    func nodeBlock(at path: ItemPath) -> CellNodeBlock { items[path.item].nodeBlock }

    func constrainedSize(at path: ItemPath) -> SizeRange {
        let precomputed = items[path.item].precomputedHeight.map {
            SizeRange(min: Size(width, $0), max: Size(width, .greatestFiniteMagnitude))
        }
        return CellConstraint.tableRow(width: width, delegateRange: precomputed)
    }
}
