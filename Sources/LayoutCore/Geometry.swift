/// A width and a height in points.
///
/// Components may be `.infinity` (an unbounded maximum) or NaN (an undefined parent
/// dimension, Texture's `ASLayoutElementParentDimensionUndefined`). Equality is IEEE `==`,
/// so a size containing NaN never equals anything, itself included: Texture relies on that
/// to make layouts measured against an undefined parent size miss every cache.
public struct Size: Hashable, Codable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    @inlinable
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    @inlinable
    public init(_ width: Double, _ height: Double) {
        self.init(width: width, height: height)
    }

    @inlinable public static var zero: Size { Size(0, 0) }
    @inlinable public static var infinite: Size { Size(.infinity, .infinity) }
    /// Texture's "parent size undefined": both components NaN.
    @inlinable public static var undefined: Size { Size(.nan, .nan) }

    public var description: String { "\(formatPoints(width)) × \(formatPoints(height))" }
}

/// A position in points.
public struct Point: Hashable, Codable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    @inlinable
    public init(_ x: Double, _ y: Double) {
        self.init(x: x, y: y)
    }

    @inlinable public static var zero: Point { Point(0, 0) }

    @inlinable
    public static func + (lhs: Point, rhs: Point) -> Point { Point(lhs.x + rhs.x, lhs.y + rhs.y) }
    @inlinable
    public static func - (lhs: Point, rhs: Point) -> Point { Point(lhs.x - rhs.x, lhs.y - rhs.y) }

    public var description: String { "(\(formatPoints(x)), \(formatPoints(y)))" }
}

/// An origin and a size.
public struct Rect: Hashable, Codable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.init(origin: Point(x, y), size: Size(width, height))
    }

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }

    /// The smallest rectangle containing both rectangles.
    public func union(_ other: Rect) -> Rect {
        let x = Swift.min(minX, other.minX)
        let y = Swift.min(minY, other.minY)
        return Rect(x, y, Swift.max(maxX, other.maxX) - x, Swift.max(maxY, other.maxY) - y)
    }

    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    public var description: String {
        "(\(formatPoints(minX)), \(formatPoints(minY)), \(formatPoints(size.width)), \(formatPoints(size.height)))"
    }
}

/// Insets from the four edges of a rectangle; `.infinity` is allowed (see ``InsetLayoutSpec``).
public struct EdgeInsets: Hashable, Codable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on every edge.
    public init(all value: Double) {
        self.init(top: value, left: value, bottom: value, right: value)
    }

    public static let zero = EdgeInsets()
}

/// Formats a length for descriptions: whole numbers without a fraction, others as Swift
/// prints the shortest round-tripping decimal.
func formatPoints(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
        return String(Int64(value))
    }
    return value.isInfinite ? (value > 0 ? "inf" : "-inf") : "\(value)"
}
