import LayoutCore

/// Makes a cell's node. Node blocks run in parallel off the caller's thread, so they must be
/// thread-safe (semantics §9.1 step 3).
public typealias CellNodeBlock = @Sendable () -> CellNode

/// What a ``DataController`` asks about the list (Texture's data-controller data source).
/// Called only on the thread that drives the data controller.
public protocol DataControllerDataSource: AnyObject {
    func numberOfSections() -> Int
    func numberOfItems(inSection section: Int) -> Int
    /// The block that makes the node for the item now at `path`.
    func nodeBlock(at path: ItemPath) -> CellNodeBlock
    /// The size range for the item at `path`; see ``CellConstraint`` for the table rule.
    func constrainedSize(at path: ItemPath) -> SizeRange
}

/// Texture's constrained sizes for cells (§9.3).
public enum CellConstraint {
    /// A table row: the width fixed to the table's width, the height `0 … CGFLOAT_MAX` unless
    /// the delegate gives a range, whose widths are ignored. A plain cell therefore measures
    /// to height 0.
    public static func tableRow(width: Double, delegateRange: SizeRange? = nil) -> SizeRange {
        SizeRange(min: Size(width, delegateRange?.min.height ?? 0),
                  max: Size(width, delegateRange?.max.height ?? .greatestFiniteMagnitude))
    }
}
