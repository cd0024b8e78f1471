import LayoutCore
import NodeKit
import Synchronization

/// A display node built from a layout description's `node` element (and the implicit host).
///
/// - With a layout element, it takes Texture's spec path: ``layoutSpecThatFits(_:)`` returns
///   that element.
/// - Otherwise it takes the manual path, and ``calculateSizeThatFits(_:)`` returns the
///   intrinsic size when there is one, else Texture's default (fill a finite max).
///
/// Its layouts keep each node sublayout's own sublayouts (see
/// `Layout.flattenedKeepingNodeSublayouts(context:)`), so the layout of the host is the whole
/// node tree, with every frame exactly what plain flattening gives.
///
/// Thread safety: the recorded spec layout lives in a `Mutex`; everything else is immutable,
/// which is why the class can be `@unchecked Sendable` like its superclass.
public final class DescribedNode: DisplayNode, @unchecked Sendable {
    private let element: (any LayoutElement)?
    private let intrinsicSize: Size?
    /// The spec layout of the measurement in progress, handed over by ``RecordingElement``.
    private let recorded = Mutex<Layout?>(nil)

    public init(id: LayoutElementID, style: LayoutStyle = LayoutStyle(), intrinsicSize: Size? = nil,
                layout element: (any LayoutElement)? = nil) {
        self.element = element
        self.intrinsicSize = intrinsicSize
        super.init(id: id, style: style)
    }

    override public func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
        element.map { RecordingElement(element: $0, node: self) }
    }

    override public func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        intrinsicSize ?? super.calculateSizeThatFits(constrainedSize)
    }

    override public func calculateLayout(_ resolved: SizeRange, context: LayoutContext) -> Layout {
        let flat = super.calculateLayout(resolved, context: context)
        guard let raw = recorded.withLock({ recorded in recorded.take() }) else { return flat }
        // The same wrapping as the superclass, then flattening that keeps nested node trees.
        let root = raw.isNode && raw.element == id ? raw
            : Layout(element: id, isNode: true, exactSize: raw.size, position: .zero,
                     sublayouts: [raw.positioned(at: .zero)])
        var layout = root.flattenedKeepingNodeSublayouts(context: context)
        layout.size = flat.size
        return layout
    }

    fileprivate func record(_ layout: Layout) {
        recorded.withLock { $0 = layout }
    }
}

/// Passes measuring through to an element and hands the (unflattened) result to the node
/// measuring it, so that the node can keep its subnodes' own trees.
private struct RecordingElement: LayoutElement {
    let element: any LayoutElement
    let node: DescribedNode

    var style: LayoutStyle { element.style }
    var baselineAscender: Double { element.baselineAscender }
    var baselineDescender: Double { element.baselineDescender }
    var placeholderLayout: Layout { element.placeholderLayout }

    func layoutThatFits(_ range: SizeRange, parentSize: Size, context: LayoutContext) -> Layout {
        let layout = element.layoutThatFits(range, parentSize: parentSize, context: context)
        node.record(layout)
        return layout
    }
}
