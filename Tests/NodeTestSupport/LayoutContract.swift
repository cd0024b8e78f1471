import LayoutCore
import LayoutTestSupport
import Testing

/// Checks the layout contract (see `LayoutElement`) for `element` in each of `ranges`:
///
/// - the size lies within the range (intersected with the element's style for specs that
///   honour it), both bounds snapped up to the pixel grid as the size is. The bounds are worked
///   out here, from semantics §1.4 and Texture's intersection, not with the engine's helpers;
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
        let style = element.style, ownStyle = honoursOwnStyle(element)
        let width = ExpectedBounds(parent: (range.min.width, range.max.width))
        let height = ExpectedBounds(parent: (range.min.height, range.max.height))
        let widthBounds = ownStyle
            ? width.narrowed(exact: style.width, min: style.minWidth, max: style.maxWidth) : width.parent
        let heightBounds = ownStyle
            ? height.narrowed(exact: style.height, min: style.minHeight, max: style.maxHeight) : height.parent
        let scale = context.scale
        #expect(ExpectedBounds.contains(widthBounds, layout.size.width, scale: scale),
                "width \(layout.size.width) outside \(widthBounds) for range \(range)\n\(layout)",
                sourceLocation: sourceLocation)
        #expect(ExpectedBounds.contains(heightBounds, layout.size.height, scale: scale),
                "height \(layout.size.height) outside \(heightBounds) for range \(range)\n\(layout)",
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

/// The bounds the contract allows on one axis, worked out from the semantics without the
/// engine's `resolvedRange`, `intersect` and `PixelSnapping`.
private struct ExpectedBounds {
    /// The range the element is measured with; its max is also the parent size that fractions
    /// resolve against.
    var parent: (lo: Double, hi: Double)

    /// The style's own range (semantics §1.4: unset min is 0, unset max ∞, an unset or NaN exact
    /// size leaves the range as it is; min overrides max overrides exact), then Texture's
    /// intersection with the parent range: where the two do not overlap, the parent's bound
    /// nearest the style's range.
    func narrowed(exact: Dimension, min: Dimension, max: Dimension) -> (lo: Double, hi: Double) {
        func points(_ dimension: Dimension) -> Double? {
            switch dimension {
            case .auto: nil
            case .points(let value): value
            case .fraction(let share): share * parent.hi
            }
        }
        var own = (lo: points(min) ?? 0, hi: points(max) ?? .infinity)
        if own.hi <= own.lo {
            own.hi = own.lo
        } else if let exact = points(exact), !exact.isNaN {
            let size = exact > own.hi ? own.hi : exact < own.lo ? own.lo : exact
            own = (size, size)
        }
        let lo = Swift.max(parent.lo, own.lo), hi = Swift.min(parent.hi, own.hi)
        if lo <= hi { return (lo, hi) }
        return own.hi < parent.lo ? (parent.lo, parent.lo) : (parent.hi, parent.hi)
    }

    /// Whether `size`, a length on the pixel grid of `scale`, lies in `bounds` once both bounds
    /// are snapped up to that grid with Texture's float epsilon (which keeps a bound like
    /// 100.6666666669 from snapping up to 101 at 3x): a grid length is at least a bound snapped
    /// up when it is at least the bound less the epsilon, and at most it when it is less than
    /// one pixel above the bound less the epsilon.
    static func contains(_ bounds: (lo: Double, hi: Double), _ size: Double, scale: Double) -> Bool {
        let floatEpsilon = Double(Float.ulpOfOne)
        return size >= bounds.lo - floatEpsilon && size < bounds.hi - floatEpsilon + 1 / scale
    }
}

private func isOnPixelGrid(_ value: Double, _ scale: Double) -> Bool {
    let pixels = value * scale
    return abs(pixels - pixels.rounded()) < 1e-6
}

private func allPositionsFinite(_ layout: Layout) -> Bool {
    layout.sublayouts.allSatisfy { $0.position.x.isFinite && $0.position.y.isFinite && allPositionsFinite($0) }
}
