/// A minimum and a maximum size (Texture's `ASSizeRange`).
///
/// `max` components may be `.infinity`. A range built by the memberwise initializer is not
/// checked: Texture itself builds ranges whose min exceeds their max (stack stretching of a
/// child with an explicit cross size of 0, semantics §3.1.9), and every operation here
/// tolerates them. ``validated(min:max:)`` checks what Texture's `ASSizeRangeMake` asserts.
public struct SizeRange: Hashable, Codable, Sendable, CustomStringConvertible {
    public var min: Size
    public var max: Size

    @inlinable
    public init(min: Size, max: Size) {
        self.min = min
        self.max = max
    }

    /// The range containing exactly one size.
    @inlinable
    public init(exactly size: Size) {
        self.init(min: size, max: size)
    }

    @inlinable public static var zero: SizeRange { SizeRange(min: .zero, max: .zero) }
    @inlinable public static var unconstrained: SizeRange { SizeRange(min: .zero, max: .infinite) }

    /// A checked range: mins finite and ≥ 0, maxes ≥ 0 (infinity allowed), min ≤ max per axis.
    public static func validated(min: Size, max: Size) -> SizeRange? {
        func ok(_ lo: Double, _ hi: Double) -> Bool {
            lo.isFinite && lo >= 0 && !hi.isNaN && hi >= 0 && lo <= hi
        }
        guard ok(min.width, max.width), ok(min.height, max.height) else { return nil }
        return SizeRange(min: min, max: max)
    }

    /// Clamps a size into the range, per axis `max(min, min(max, v))`: when min > max, min wins.
    @inlinable @inline(__always)
    public func clamp(_ size: Size) -> Size {
        Size(Swift.max(min.width, Swift.min(max.width, size.width)),
             Swift.max(min.height, Swift.min(max.height, size.height)))
    }

    /// Texture's asymmetric intersection: where the ranges do not overlap, the result collapses
    /// to the point of `self` closest to `other`, so the receiver (normally the parent's
    /// constraint) wins over the element's own style.
    @inlinable @inline(__always)
    public func intersect(_ other: SizeRange) -> SizeRange {
        let w = Self.intersect(min.width, max.width, other.min.width, other.max.width)
        let h = Self.intersect(min.height, max.height, other.min.height, other.max.height)
        return SizeRange(min: Size(w.lo, h.lo), max: Size(w.hi, h.hi))
    }

    @inlinable @inline(__always)
    static func intersect(_ selfMin: Double, _ selfMax: Double, _ otherMin: Double, _ otherMax: Double)
        -> (lo: Double, hi: Double) {
        let lo = Swift.max(selfMin, otherMin)
        let hi = Swift.min(selfMax, otherMax)
        if lo <= hi { return (lo, hi) }
        return selfMin < otherMin ? (selfMax, selfMax) : (selfMin, selfMin)
    }

    /// `max.width > 0.1 && max.height > 0.1`.
    public var hasSignificantArea: Bool { max.width > 0.1 && max.height > 0.1 }

    /// `{{w, h}}` when min equals max, else `{{minW, minH}, {maxW, maxH}}`.
    public var description: String {
        min == max ? "{{\(formatPoints(min.width)), \(formatPoints(min.height))}}"
            : "{{\(formatPoints(min.width)), \(formatPoints(min.height))}, {\(formatPoints(max.width)), \(formatPoints(max.height))}}"
    }
}

/// Texture's validity predicates (semantics §1.3).
public enum LayoutValidity {
    /// Normal or zero, non-negative, below 10,000,000: INF, NaN and huge values fail.
    @inlinable @inline(__always)
    public static func isValidForSize(_ v: Double) -> Bool {
        (v.isNormal || v == 0) && v >= 0 && v < 10_000_000
    }

    public static func isValidForSize(_ size: Size) -> Bool {
        isValidForSize(size.width) && isValidForSize(size.height)
    }

    /// Normal or zero, non-negative, below `Double.greatestFiniteMagnitude / 2`.
    public static func isValidForLayout(_ v: Double) -> Bool {
        (v.isNormal || v == 0) && v >= 0 && v < Double.greatestFiniteMagnitude / 2
    }

    /// Normal or zero, below 10,000,000; negative positions are valid.
    public static func isValidPosition(_ v: Double) -> Bool {
        (v.isNormal || v == 0) && v < 10_000_000
    }
}
