import LayoutCore

/// One node of a ``CellSnapshot``: its id, its frame in the cell's coordinates and its content.
public struct NodeSnapshot: Sendable, Hashable, Codable {
    public var id: String
    /// Absolute, in the cell's coordinates (the flattened layout's position and size).
    public var frame: Rect
    public var content: NodeContent

    public init(id: String, frame: Rect, content: NodeContent = .box) {
        self.id = id
        self.frame = frame
        self.content = content
    }
}
