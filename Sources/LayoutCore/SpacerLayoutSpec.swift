/// An empty spec that takes the constraint's minimum size (Texture's bare `ASLayoutSpec`).
///
/// Its use is as a flexible gap in a stack: a stack hands a growing child an exact range, so a
/// spacer with `flexGrow` fills the free space. It honours its own style size, so a spacer with
/// a preferred size is a fixed gap.
///
/// ```swift
/// StackLayoutSpec.horizontal { title; SpacerLayoutSpec().flexGrow(1); time }
/// ```
public struct SpacerLayoutSpec: LayoutSpec, Sendable {
    public var style: LayoutStyle

    @inlinable
    public init(style: LayoutStyle = LayoutStyle()) {
        self.style = style
    }

    public func calculateLayout(_ range: SizeRange, context: LayoutContext) -> Layout {
        Layout(element: "spacer", size: range.min, context: context)
    }
}
