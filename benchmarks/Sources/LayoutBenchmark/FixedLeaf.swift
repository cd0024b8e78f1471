import LayoutCore

/// A cheap fixed-size leaf: a value that measures like a plain node on the manual path
/// (intersect with its style, fill a valid max, clamp) but with no lock and no cache.
struct FixedLeaf: LayoutElement {
    let id: LayoutElementID
    var style: LayoutStyle

    init(id: LayoutElementID, style: LayoutStyle) {
        self.id = id
        self.style = style
    }

    init(id: LayoutElementID, size: Size) {
        self.id = id
        var style = LayoutStyle()
        style.preferredSize = size
        self.style = style
    }

    func layoutThatFits(_ range: SizeRange, parentSize: Size, context: LayoutContext) -> Layout {
        let resolved = range.intersect(style.resolvedRange(parentSize: parentSize))
        let size = resolved.clamp(Layout.isValid(size: resolved.max) ? resolved.max : .zero)
        return Layout(element: id, isNode: true, size: size, context: context)
    }
}
