/// Texture's pixel-snapping helpers at an injected screen scale (semantics §0).
///
/// `scale` is the number of device pixels per point (1, 2, 3, …). Texture reads it from the
/// device; here it travels in ``LayoutContext`` so that measuring stays a pure function.
///
/// The epsilon is single precision's even though lengths are `Double`: it is what stops
/// `100.6666666669` from ceiling to `101` at 3x, and Texture uses it the same way.
public enum PixelSnapping {
    /// `FLT_EPSILON`, as Texture uses it.
    @inlinable
    public static var epsilon: Double { 1.1920928955078125e-07 }

    /// `ceil((v − ε) · S) / S`.
    @inlinable @inline(__always)
    public static func ceil(_ value: Double, scale: Double) -> Double {
        ((value - epsilon) * scale).rounded(.up) / scale
    }

    /// `floor((v + ε) · S) / S`.
    @inlinable @inline(__always)
    public static func floor(_ value: Double, scale: Double) -> Double {
        ((value + epsilon) * scale).rounded(.down) / scale
    }

    /// `round(v · S) / S` with C rounding (halves away from zero).
    @inlinable @inline(__always)
    public static func round(_ value: Double, scale: Double) -> Double {
        (value * scale).rounded(.toNearestOrAwayFromZero) / scale
    }

    @inlinable @inline(__always)
    public static func ceil(_ size: Size, scale: Double) -> Size {
        Size(ceil(size.width, scale: scale), ceil(size.height, scale: scale))
    }

    @inlinable @inline(__always)
    public static func ceil(_ point: Point, scale: Double) -> Point {
        Point(ceil(point.x, scale: scale), ceil(point.y, scale: scale))
    }
}

/// What a measurement needs besides the range and the parent size: the screen scale.
///
/// Kept separate from ``SizeRange`` because Texture's caches key on range and parent size only;
/// a node measured at another scale is a different measurement (see `NodeLayout`).
public struct LayoutContext: Hashable, Sendable {
    /// Device pixels per point; must be positive and finite.
    public var scale: Double

    @inlinable
    public init(scale: Double) {
        precondition(scale > 0 && scale.isFinite, "screen scale must be positive and finite, got \(scale)")
        self.scale = scale
    }

    /// Scale 2, the scale of the simulator that produced Texture's reference numbers.
    @inlinable public static var retina: LayoutContext { LayoutContext(scale: 2) }
}
