import LayoutCore
import NodeKit

/// What our trees use for fixed-size leaves.
enum LeafKind: String {
    /// `DisplayNode`s with a preferred size: the real thing, with a lock and a layout cache each.
    case nodes = "DisplayNode leaves"
    /// ``FixedLeaf`` values: what the layout engine costs without the node machinery.
    case values = "value leaves"

    /// A fixed-size leaf named `id`, styled by `configure` after its preferred size is set.
    func leaf(_ id: LayoutElementID, _ size: Size,
              configure: (inout LayoutStyle) -> Void = { _ in }) -> any LayoutElement {
        switch self {
        case .nodes:
            return DisplayNode(id: id).styled {
                $0.preferredSize = size
                configure(&$0)
            }
        case .values:
            var leaf = FixedLeaf(id: id, size: size)
            configure(&leaf.style)
            return leaf
        }
    }
}
