import LayoutCore

extension DisplayNode {
    /// A zero-size node layout with the node's id: what a stack holds for a child it has not
    /// measured (Texture's `[ASLayout layoutWithLayoutElement:child size:CGSizeZero]`, §3.1.4).
    public var placeholderLayout: Layout {
        Layout(element: id, isNode: true, exactSize: .zero, position: .zero, sublayouts: [])
    }
}
