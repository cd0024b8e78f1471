/// Per-child alignment in a stack; `auto` inherits the stack's `alignItems`.
public enum AlignSelf: String, Hashable, Sendable, CaseIterable {
    case auto, start, end, center, stretch
}

/// Every layout property Texture's `ASLayoutElementStyle` has, with Texture's defaults
/// (semantics §2.1).
///
/// A value type: specs hold one and never change it after construction; a node holds one
/// that its owner may change. As in Texture's layout-spec build, changing a node's style does
/// not invalidate its layout: call `setNeedsLayout()`.
///
/// ```swift
/// var style = LayoutStyle()
/// style.flexGrow = 1
/// style.preferredSize = Size(44, 44)   // width and height become 44pt
/// ```
public struct LayoutStyle: Hashable, Sendable {
    public var width: Dimension = .auto
    public var height: Dimension = .auto
    public var minWidth: Dimension = .auto
    public var maxWidth: Dimension = .auto
    public var minHeight: Dimension = .auto
    public var maxHeight: Dimension = .auto

    /// Extra space before this child in a stack.
    public var spacingBefore: Double = 0
    /// Extra space after this child in a stack.
    public var spacingAfter: Double = 0
    /// Share of a stack's surplus; Texture's default 0.
    public var flexGrow: Double = 0
    /// Share of a stack's overflow, weighted by size; Texture's default is **0**, not CSS's 1.
    public var flexShrink: Double = 0
    public var flexBasis: Dimension = .auto
    public var alignSelf: AlignSelf = .auto
    /// Distance from the top to the first baseline (a text node sets it).
    public var ascender: Double = 0
    /// Distance from the last baseline to the bottom, normally negative (a text node sets it).
    public var descender: Double = 0
    /// Position within an ``AbsoluteLayoutSpec``.
    public var layoutPosition: Point = .zero

    @inlinable
    public init() {}

    /// The exact size in points. Reading it when width or height is a fraction is a programmer
    /// error (Texture asserts); `auto` reads as 0. Setting it sets width and height to points.
    public var preferredSize: Size {
        get {
            Size(Self.points(width, "width"), Self.points(height, "height"))
        }
        set {
            width = .points(newValue.width)
            height = .points(newValue.height)
        }
    }

    /// Sets `minWidth` and `minHeight` to points.
    public var minSize: Size {
        get { Size(minWidth.resolve(parent: .nan, auto: 0), minHeight.resolve(parent: .nan, auto: 0)) }
        set {
            minWidth = .points(newValue.width)
            minHeight = .points(newValue.height)
        }
    }

    /// Sets `maxWidth` and `maxHeight` to points.
    public var maxSize: Size {
        get { Size(maxWidth.resolve(parent: .nan, auto: .infinity), maxHeight.resolve(parent: .nan, auto: .infinity)) }
        set {
            maxWidth = .points(newValue.width)
            maxHeight = .points(newValue.height)
        }
    }

    public var preferredLayoutSize: LayoutSize {
        get { LayoutSize(width: width, height: height) }
        set {
            width = newValue.width
            height = newValue.height
        }
    }

    public var minLayoutSize: LayoutSize {
        get { LayoutSize(width: minWidth, height: minHeight) }
        set {
            minWidth = newValue.width
            minHeight = newValue.height
        }
    }

    public var maxLayoutSize: LayoutSize {
        get { LayoutSize(width: maxWidth, height: maxHeight) }
        set {
            maxWidth = newValue.width
            maxHeight = newValue.height
        }
    }

    private static func points(_ dimension: Dimension, _ name: String) -> Double {
        switch dimension {
        case .auto: return 0
        case .points(let value): return value
        case .fraction: preconditionFailure("preferredSize read while \(name) is a fraction")
        }
    }
}

// MARK: - Resolution

extension LayoutStyle {
    /// Texture's `ASLayoutElementSizeResolveAutoSize` (semantics §1.4): per axis the exact
    /// size resolves with auto → NaN, min and max with the auto range's bounds, then
    /// "min overrides max overrides exact".
    ///
    /// Inlined callers read only the size properties' cases for the common all-auto style; the
    /// rest is one out-of-line call (inlining it all made callers copy the whole style first).
    @inlinable @inline(__always)
    public func resolvedRange(parentSize: Size, autoRange: SizeRange = .unconstrained) -> SizeRange {
        // All-auto styles (most elements) resolve to the auto range itself; skip six resolutions.
        if hasAutoSize {
            let w = Self.combine(exact: .nan, lo: autoRange.min.width, hi: autoRange.max.width)
            let h = Self.combine(exact: .nan, lo: autoRange.min.height, hi: autoRange.max.height)
            return SizeRange(min: Size(w.lo, h.lo), max: Size(w.hi, h.hi))
        }
        return resolvedSizedRange(parentSize: parentSize, autoRange: autoRange)
    }

    /// ``resolvedRange(parentSize:autoRange:)`` of a style with some size property set.
    @usableFromInline
    func resolvedSizedRange(parentSize: Size, autoRange: SizeRange) -> SizeRange {
        let w = Self.combine(exact: width.resolve(parent: parentSize.width, auto: .nan),
                             lo: minWidth.resolve(parent: parentSize.width, auto: autoRange.min.width),
                             hi: maxWidth.resolve(parent: parentSize.width, auto: autoRange.max.width))
        let h = Self.combine(exact: height.resolve(parent: parentSize.height, auto: .nan),
                             lo: minHeight.resolve(parent: parentSize.height, auto: autoRange.min.height),
                             hi: maxHeight.resolve(parent: parentSize.height, auto: autoRange.max.height))
        return SizeRange(min: Size(w.lo, h.lo), max: Size(w.hi, h.hi))
    }

    /// True when no size property is set: the resolved range is then always unconstrained,
    /// which lets the measuring fast path skip the intersection.
    @inlinable @inline(__always)
    public var hasAutoSize: Bool {
        width.isAuto && height.isAuto && minWidth.isAuto && maxWidth.isAuto && minHeight.isAuto && maxHeight.isAuto
    }

    @inlinable @inline(__always)
    static func combine(exact: Double, lo: Double, hi: Double) -> (lo: Double, hi: Double) {
        if hi <= lo { return (lo, lo) }
        if exact.isNaN { return (lo, hi) }
        if exact > hi { return (hi, hi) }
        if exact < lo { return (lo, lo) }
        return (exact, exact)
    }
}
