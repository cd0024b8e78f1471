import LayoutCore

/// What a renderer draws for one feed cell: its size and its nodes at absolute frames, each with
/// the content it shows.
///
/// A snapshot is a plain value, detached from nodes and the store, so the renderers are pure
/// functions of it and tests can build one by hand. Nodes are in drawing order: a later node is
/// drawn over an earlier one, as the flattened layout lists them (depth-first pre-order, so an
/// overlay comes after what it covers and a background before).
public struct CellSnapshot: Sendable, Hashable, Codable {
    public var photoID: Int64
    /// The cell's size in points.
    public var size: Size
    public var nodes: [NodeSnapshot]

    public init(photoID: Int64, size: Size, nodes: [NodeSnapshot]) {
        self.photoID = photoID
        self.size = size
        self.nodes = nodes
    }
}
