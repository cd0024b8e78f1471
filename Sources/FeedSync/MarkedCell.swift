import FeedModel

/// A photo whose cell needs layout (the daemon's `setNeedsLayout`), with the changes the daemon
/// committed to it since it was last handed to the relayouter, oldest first.
///
/// The changes are a shortcut, never a requirement: they are empty when nobody knows what changed
/// (a repair pass at start, a caller outside the daemon), and a relayouter that cannot bring its
/// cell up to date from them (a cell not in memory, or at a version they do not continue) reads
/// the photo from the store instead.
public struct MarkedCell: Hashable, Sendable {
    public var photoID: Int64
    /// In commit order, so by ascending content version.
    public var changes: [ContentChange]

    public init(photoID: Int64, changes: [ContentChange] = []) {
        self.photoID = photoID
        self.changes = changes
    }

    /// One mark per photo, ascending by id, each with its photo's changes in commit order.
    public static func grouping(_ changes: some Sequence<ContentChange>) -> [MarkedCell] {
        Dictionary(grouping: changes, by: \.photoID)
            .map { MarkedCell(photoID: $0.key, changes: $0.value) }
            .sorted { $0.photoID < $1.photoID }
    }
}
