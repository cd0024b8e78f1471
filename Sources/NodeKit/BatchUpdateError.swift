/// Why a batch update was refused; nothing is applied when one is thrown.
public enum BatchUpdateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `performBatchUpdates` before the first `reloadData`.
    case notLoaded
    /// The data source is gone (data controllers hold it weakly).
    case noDataSource
    /// A section index outside the valid range for its kind of change.
    case sectionOutOfRange(change: String, section: Int, count: Int)
    /// An item outside its section for its kind of change.
    case itemOutOfRange(change: String, path: ItemPath, count: Int)
    /// The same section or item named twice.
    case duplicate(change: String, index: String)
    /// The data source's section count does not add up.
    case invalidSectionCount(before: Int, after: Int, inserted: Int, deleted: Int)
    /// A surviving section's item count does not add up.
    case invalidItemCount(section: Int, before: Int, after: Int, inserted: Int, deleted: Int)

    public var description: String {
        switch self {
        case .notLoaded:
            return "Invalid update: reloadData must run before the first batch update."
        case .noDataSource:
            return "Invalid update: the data controller has no data source (it is held weakly)."
        case let .sectionOutOfRange(change, section, count):
            return "Invalid update: cannot \(change) section \(section); there are \(count) sections."
        case let .itemOutOfRange(change, path, count):
            return "Invalid update: cannot \(change) item \(path); section \(path.section) has \(count) items."
        case let .duplicate(change, index):
            return "Invalid update: \(index) appears more than once among the \(change)s."
        case let .invalidSectionCount(before, after, inserted, deleted):
            return "Invalid update: invalid number of sections. The number of sections after the update (\(after)) "
                + "must be equal to the number before the update (\(before)), plus or minus the number inserted "
                + "or deleted (\(inserted) inserted, \(deleted) deleted)."
        case let .invalidItemCount(section, before, after, inserted, deleted):
            return "Invalid update: invalid number of items in section \(section). The number of items after the "
                + "update (\(after)) must be equal to the number before the update (\(before)), plus or minus "
                + "the number inserted or deleted (\(inserted) inserted, \(deleted) deleted)."
        }
    }
}
