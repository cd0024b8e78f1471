/// Spec modifiers of the DSL: each wraps the element in a layout spec, reading inside-out the
/// way Texture's nesting reads outside-in.
///
/// ```swift
/// avatar.padding(EdgeInsets(top: 8, right: 8))   // InsetLayoutSpec(insets:child: avatar)
/// photo.ratio(1).overlay { gradient }            // OverlayLayoutSpec(child: RatioLayoutSpec(…), overlay: gradient)
/// ```
extension LayoutElement {
    /// The element inside `insets` (``InsetLayoutSpec``; infinite insets pin it to the far edge).
    @inlinable
    public func padding(_ insets: EdgeInsets) -> InsetLayoutSpec {
        InsetLayoutSpec(insets: insets, child: self)
    }

    /// The element inside the same inset on every edge.
    @inlinable
    public func padding(_ all: Double) -> InsetLayoutSpec {
        InsetLayoutSpec(insets: EdgeInsets(all: all), child: self)
    }

    /// The element over a background sized like it (``BackgroundLayoutSpec``). Several elements
    /// in the block are layered in a ``WrapperLayoutSpec``.
    @inlinable
    public func background(@LayoutSpecBuilder _ background: () -> [any LayoutElement]) -> BackgroundLayoutSpec {
        BackgroundLayoutSpec(child: self, background: LayoutSpecBuilder.single(background()))
    }

    /// The element under an overlay sized like it (``OverlayLayoutSpec``). Several elements in
    /// the block are layered in a ``WrapperLayoutSpec``.
    @inlinable
    public func overlay(@LayoutSpecBuilder _ overlay: () -> [any LayoutElement]) -> OverlayLayoutSpec {
        OverlayLayoutSpec(child: self, overlay: LayoutSpecBuilder.single(overlay()))
    }

    /// The element centred on `options` (``CenterLayoutSpec``). Unlike the spec's initializer,
    /// whose default centres nothing, the modifier centres on both axes by default.
    @inlinable
    public func centered(_ options: CenteringOptions = .xy, sizing: CenterSizingOptions = []) -> CenterLayoutSpec {
        CenterLayoutSpec(centeringOptions: options, sizingOptions: sizing, child: self)
    }

    /// The element at a fixed aspect ratio, `height / width` (``RatioLayoutSpec``); positive.
    @inlinable
    public func ratio(_ ratio: Double) -> RatioLayoutSpec {
        RatioLayoutSpec(ratio: ratio, child: self)
    }

    /// The element at the start, centre or end of each axis (``RelativeLayoutSpec``).
    @inlinable
    public func relative(horizontal: RelativePosition = .none, vertical: RelativePosition = .none,
                         sizing: RelativeSizingOption = []) -> RelativeLayoutSpec {
        RelativeLayoutSpec(horizontalPosition: horizontal, verticalPosition: vertical, sizingOption: sizing,
                           child: self)
    }

    /// The element with a corner element centred on one of its corners (``CornerLayoutSpec``).
    @inlinable
    public func corner(_ location: CornerLocation, offset: Point = .zero, wrapsCorner: Bool = false,
                       @LayoutSpecBuilder _ corner: () -> [any LayoutElement]) -> CornerLayoutSpec {
        CornerLayoutSpec(child: self, corner: LayoutSpecBuilder.single(corner()), location: location, offset: offset,
                         wrapsCorner: wrapsCorner)
    }
}
