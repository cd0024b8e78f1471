import LayoutCore

/// Shorthand contexts for tests at the three common screen scales.
public extension LayoutContext {
    static let scale1 = LayoutContext(scale: 1)
    static let scale2 = LayoutContext(scale: 2)
    static let scale3 = LayoutContext(scale: 3)
}

/// `(x, y, w, h)` frames of a layout's direct sublayouts, for exact comparisons.
public func frames(_ layout: Layout) -> [Rect] {
    layout.sublayouts.map(\.frame)
}

/// `id → frame` of a layout's direct sublayouts.
public func framesByID(_ layout: Layout) -> [String: Rect] {
    Dictionary(layout.sublayouts.map { ($0.element.rawValue, $0.frame) }, uniquingKeysWith: { first, _ in first })
}

/// Shorthand for a size range `{minW,minH}-{maxW,maxH}`.
public func sizeRange(_ minWidth: Double, _ minHeight: Double, _ maxWidth: Double, _ maxHeight: Double) -> SizeRange {
    SizeRange(min: Size(minWidth, minHeight), max: Size(maxWidth, maxHeight))
}
