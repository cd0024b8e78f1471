/// Builder-closure forms of the stack's initializers, for the DSL.
///
/// ```swift
/// let header = StackLayoutSpec.horizontal(spacing: 8, alignItems: .center) {
///     avatar
///     names.flexShrink(1)
///     SpacerLayoutSpec().flexGrow(1)
/// }
/// ```
extension StackLayoutSpec {
    @inlinable
    public init(direction: StackDirection = .horizontal, spacing: Double = 0,
                justifyContent: StackJustifyContent = .start, alignItems: StackAlignItems = .stretch,
                flexWrap: StackFlexWrap = .noWrap, alignContent: StackAlignContent = .start,
                lineSpacing: Double = 0, style: LayoutStyle = LayoutStyle(),
                @LayoutSpecBuilder children: () -> [any LayoutElement]) {
        self.init(direction: direction, spacing: spacing, justifyContent: justifyContent, alignItems: alignItems,
                  flexWrap: flexWrap, alignContent: alignContent, lineSpacing: lineSpacing, children: children(),
                  style: style)
    }

    /// A vertical stack of the block's elements.
    @inlinable
    public static func vertical(spacing: Double = 0, justifyContent: StackJustifyContent = .start,
                                alignItems: StackAlignItems = .stretch,
                                @LayoutSpecBuilder children: () -> [any LayoutElement]) -> StackLayoutSpec {
        .vertical(spacing: spacing, justifyContent: justifyContent, alignItems: alignItems, children: children())
    }

    /// A horizontal stack of the block's elements.
    @inlinable
    public static func horizontal(spacing: Double = 0, justifyContent: StackJustifyContent = .start,
                                  alignItems: StackAlignItems = .stretch,
                                  @LayoutSpecBuilder children: () -> [any LayoutElement]) -> StackLayoutSpec {
        .horizontal(spacing: spacing, justifyContent: justifyContent, alignItems: alignItems, children: children())
    }
}
