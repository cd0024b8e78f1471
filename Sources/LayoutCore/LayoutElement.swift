/// Anything that can be measured into a ``Layout``: layout specs and display nodes.
///
/// The layout contract, which every conformer obeys:
/// - It MUST be a pure function of `(self, range, parentSize, context)`: no I/O, no clock,
///   no globals; the same input MUST give the same layout.
/// - The returned size MUST lie within `range` once `range` has been intersected with the
///   element's own style, except where Texture itself overflows (a stack's children may lie
///   outside its bounds; the wrapper spec is not clamped to the max).
/// - It SHOULD NOT give a smaller size for a larger max where Texture's rules don't.
///
/// `parentSize` components may be NaN (undefined) or infinite.
public protocol LayoutElement: Sendable {
    /// The element's layout properties.
    var style: LayoutStyle { get }

    /// Measures the element within `range` relative to `parentSize` (Texture's
    /// `layoutThatFits:parentSize:`).
    func layoutThatFits(_ range: SizeRange, parentSize: Size, context: LayoutContext) -> Layout

    /// Distance from the top to the first baseline, read by a stack after measuring the element
    /// (semantics §3.1.7). Defaults to `style.ascender`; a vertical stack reports its first
    /// child's, as Texture's copies it into its own style when it computes.
    var baselineAscender: Double { get }

    /// Distance from the last baseline to the bottom (normally negative), read after measuring.
    /// Defaults to `style.descender`; a vertical stack reports its last child's.
    var baselineDescender: Double { get }

    /// The layout Texture gives an element it has not measured: size zero, at the origin, no
    /// sublayouts (a stack's optimized-flexing placeholder, semantics §3.1.4). Nodes return a
    /// node layout with their id, so the placeholder survives flattening as a 0 × 0 frame.
    var placeholderLayout: Layout { get }
}

extension LayoutElement {
    public var baselineAscender: Double { style.ascender }
    public var baselineDescender: Double { style.descender }
    public var placeholderLayout: Layout {
        Layout(element: "spec", isNode: false, exactSize: .zero, position: .zero, sublayouts: [])
    }
}

extension LayoutElement {
    /// `layoutThatFits(range, parentSize: range.max)`, Texture's root measurement. Debug builds
    /// check the whole tree's invariants (see ``Layout/_invariantViolations(in:scale:recursive:)``).
    public func layoutThatFits(_ range: SizeRange, context: LayoutContext) -> Layout {
        let layout = layoutThatFits(range, parentSize: range.max, context: context)
        #if LAYOUT_INTERNAL_CHECKS
        layout._checkInvariants(scale: context.scale)
        #endif
        return layout
    }
}

/// A layout spec that honours its own style size: the range it computes with is the parent's
/// constraint intersected with its resolved style (the constraint winning on disagreement).
///
/// Specs that ignore their style (inset, overlay, background) conform to ``LayoutElement``
/// directly and implement `layoutThatFits` themselves, as Texture's do.
public protocol LayoutSpec: LayoutElement {
    /// Computes the layout for an already-intersected range (Texture's
    /// `calculateLayoutThatFits:`). Children's parent sizes derive from `range`.
    func calculateLayout(_ range: SizeRange, context: LayoutContext) -> Layout
}

extension LayoutSpec {
    /// Debug builds check that the size lies within the intersected range (except for a
    /// ``WrapperLayoutSpec``, which Texture does not clamp to its max) and that the direct
    /// sublayouts have finite positions (see ``Layout/_invariantViolations(in:scale:recursive:)``).
    @inline(__always)
    public func layoutThatFits(_ range: SizeRange, parentSize: Size, context: LayoutContext) -> Layout {
        #if LAYOUT_INTERNAL_CHECKS
        let range = range.intersect(style.resolvedRange(parentSize: parentSize))
        let layout = calculateLayout(range, context: context)
        layout._checkInvariants(in: self is WrapperLayoutSpec ? nil : range, scale: context.scale, recursive: false)
        return layout
        #else
        calculateLayout(range.intersect(style.resolvedRange(parentSize: parentSize)), context: context)
        #endif
    }
}
