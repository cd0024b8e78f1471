/// An element whose style the DSL's style modifiers can change (Texture's `styled` idiom).
///
/// ``styled(_:)`` applies a change to the style and returns the result. For a **value** type
/// (every layout spec) that is a modified copy: the original is untouched, which keeps specs
/// immutable once built. For a **reference** type it is the element itself, changed in place:
/// `DisplayNode` conforms with its own `styled`, so `node.flexGrow(1)` changes the node's style
/// and returns the same node, as Texture's does.
///
/// Kept apart from ``LayoutElement`` so that measuring stays read-only and conformers opt in.
///
/// ```swift
/// let spacer = SpacerLayoutSpec().flexGrow(1)
/// let names = StackLayoutSpec.vertical { userName; location }.styled { $0.flexShrink = 1 }
/// ```
public protocol StyleModifiable: LayoutElement {
    var style: LayoutStyle { get set }

    /// The element with `change` applied to its style (a copy for values, `self` for nodes).
    func styled(_ change: (inout LayoutStyle) -> Void) -> Self
}

extension StyleModifiable {
    @inlinable
    public func styled(_ change: (inout LayoutStyle) -> Void) -> Self {
        var copy = self
        change(&copy.style)
        return copy
    }
}

// MARK: - Conformances

extension StackLayoutSpec: StyleModifiable {}
extension InsetLayoutSpec: StyleModifiable {}
extension OverlayLayoutSpec: StyleModifiable {}
extension BackgroundLayoutSpec: StyleModifiable {}
extension RelativeLayoutSpec: StyleModifiable {}
extension CenterLayoutSpec: StyleModifiable {}
extension RatioLayoutSpec: StyleModifiable {}
extension AbsoluteLayoutSpec: StyleModifiable {}
extension CornerLayoutSpec: StyleModifiable {}
extension WrapperLayoutSpec: StyleModifiable {}
extension SpacerLayoutSpec: StyleModifiable {}
