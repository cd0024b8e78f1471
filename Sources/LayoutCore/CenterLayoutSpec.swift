/// Centres its child on the chosen axes (Texture's `ASCenterLayoutSpec`, semantics §3.6).
///
/// A ``RelativeLayoutSpec`` underneath: a centred axis maps to `.center`, any other axis to
/// `.none` (not `.start`), and the sizing options to the relative `minimum…` options. So with
/// the default, empty options the child sits at the origin, receives the constraint's min on
/// the non-centred axes, and the spec takes the max size. The centring offset is rounded to
/// the pixel grid. The spec honours its own style size.
///
/// ```swift
/// let spinner = CenterLayoutSpec(centeringOptions: .xy, sizingOptions: .minimumY, child: indicator)
/// ```
public struct CenterLayoutSpec: LayoutSpec, Sendable {
    public var style: LayoutStyle
    public var centeringOptions: CenteringOptions
    public var sizingOptions: CenterSizingOptions
    public var child: any LayoutElement

    public init(centeringOptions: CenteringOptions = [], sizingOptions: CenterSizingOptions = [],
                child: any LayoutElement, style: LayoutStyle = LayoutStyle()) {
        self.centeringOptions = centeringOptions
        self.sizingOptions = sizingOptions
        self.child = child
        self.style = style
    }

    /// The relative spec this spec is (same child and style).
    public var relative: RelativeLayoutSpec {
        var sizing: RelativeSizingOption = []
        if sizingOptions.contains(.minimumX) { sizing.insert(.minimumWidth) }
        if sizingOptions.contains(.minimumY) { sizing.insert(.minimumHeight) }
        return RelativeLayoutSpec(horizontalPosition: centeringOptions.contains(.x) ? .center : .none,
                                  verticalPosition: centeringOptions.contains(.y) ? .center : .none,
                                  sizingOption: sizing, child: child, style: style)
    }

    public func calculateLayout(_ range: SizeRange, context: LayoutContext) -> Layout {
        relative.calculateLayout(range, element: "center", context: context)
    }
}
