import LayoutCore
import NodeKit

/// A node with a custom layout that ignores its constraint and always returns `size`: Texture
/// allows this (a subclass overriding `calculateLayoutThatFits`), and it is how a child
/// overflows a spec, e.g. a wrapper, which Texture does not clamp to its max.
public final class RigidNode: DisplayNode, @unchecked Sendable {
    // `@unchecked` as for DisplayNode: the only added state is an immutable `let`.
    public let fixedSize: Size

    public init(id: LayoutElementID, size: Size) {
        fixedSize = size
        super.init(id: id)
    }

    override public func calculateLayout(_ resolved: SizeRange, context: LayoutContext) -> Layout {
        Layout(element: id, isNode: true, size: fixedSize, context: context)
    }
}

/// A ``RigidNode`` of `width` × `height` points.
public func rigidNode(_ id: LayoutElementID, _ width: Double, _ height: Double) -> RigidNode {
    RigidNode(id: id, size: Size(width, height))
}
