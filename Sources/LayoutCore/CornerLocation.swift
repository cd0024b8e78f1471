/// The corner of its child a ``CornerLayoutSpec`` centres the corner element on
/// (Texture's `ASCornerLayoutLocation`).
public enum CornerLocation: String, Hashable, Sendable, CaseIterable {
    case topLeft, topRight, bottomLeft, bottomRight

    /// The corner point of a rectangle of `size` at the origin.
    func point(in size: Size) -> Point {
        switch self {
        case .topLeft: Point(0, 0)
        case .topRight: Point(size.width, 0)
        case .bottomLeft: Point(0, size.height)
        case .bottomRight: Point(size.width, size.height)
        }
    }
}
