import LayoutCore
import LayoutTestSupport
import Testing

/// Checks the layout contract (see `LayoutElement`) for `element` in each of `ranges`:
///
/// - the size lies within the range (intersected with the element's style for specs that
///   honour it), both bounds snapped up to the pixel grid as the size is;
/// - the size is on the pixel grid;
/// - measuring twice gives equal layouts (determinism);
/// - every position in the tree is finite, and so is every flattened node position when the
///   element is measured by a host node;
/// - the host's size equals the element's size.
///
/// Elements that overflow on purpose (a wrapper around a rigid child) are outside the contract.
public func assertLayoutContract(_ element: any LayoutElement, _ ranges: [SizeRange],
                                 context: LayoutContext = .scale2,
                                 sourceLocation: SourceLocation = #_sourceLocation) {
    for range in ranges {
        let layout = element.layoutThatFits(range, context: context)
        let bounds = honoursOwnStyle(element)
            ? range.intersect(element.style.resolvedRange(parentSize: range.max)) : range
        let scale = context.scale
        // Sizes are ceiled to the grid (with Texture's epsilon), so compare with the ceiled bounds.
        let snapped = SizeRange(min: PixelSnapping.ceil(bounds.min, scale: scale),
                                max: PixelSnapping.ceil(bounds.max, scale: scale))
        #expect(layout.size.width >= snapped.min.width && layout.size.width <= snapped.max.width,
                "width \(layout.size.width) outside \(bounds) for range \(range)\n\(layout)",
                sourceLocation: sourceLocation)
        #expect(layout.size.height >= snapped.min.height && layout.size.height <= snapped.max.height,
                "height \(layout.size.height) outside \(bounds) for range \(range)\n\(layout)",
                sourceLocation: sourceLocation)
        #expect(isOnPixelGrid(layout.size.width, scale) && isOnPixelGrid(layout.size.height, scale),
                "size \(layout.size) is not on the \(scale)x pixel grid", sourceLocation: sourceLocation)
        #expect(element.layoutThatFits(range, context: context) == layout,
                "measuring twice gave different layouts for \(range)", sourceLocation: sourceLocation)
        #expect(allPositionsFinite(layout), "non-finite position in\n\(layout)", sourceLocation: sourceLocation)

        let hosted = measureHost(element, range, context: context)
        #expect(hosted.size == layout.size, "host size \(hosted.size) ≠ element size \(layout.size)",
                sourceLocation: sourceLocation)
        #expect(hosted.sublayouts.allSatisfy { $0.isNode && $0.sublayouts.isEmpty && allPositionsFinite($0) },
                "flattened host layout is not flat and finite:\n\(hosted)", sourceLocation: sourceLocation)
    }
}

/// Inset, overlay and background ignore their own style size (semantics §2.2); every other
/// element honours it.
public func honoursOwnStyle(_ element: any LayoutElement) -> Bool {
    !(element is InsetLayoutSpec || element is OverlayLayoutSpec || element is BackgroundLayoutSpec)
}

private func isOnPixelGrid(_ value: Double, _ scale: Double) -> Bool {
    let pixels = value * scale
    return abs(pixels - pixels.rounded()) < 1e-6
}

private func allPositionsFinite(_ layout: Layout) -> Bool {
    layout.sublayouts.allSatisfy { $0.position.x.isFinite && $0.position.y.isFinite && allPositionsFinite($0) }
}
