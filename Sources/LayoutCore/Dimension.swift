/// A length that is absolute, a share of the parent, or left to the layout (Texture's `ASDimension`).
///
/// Constructors validate as Texture's assertions do, by returning `nil`/throwing instead of
/// asserting: `auto` has no value, points lie in `0 ... Double.greatestFiniteMagnitude`, and
/// a fraction in `0 ... 1`.
///
/// ```swift
/// let half = try Dimension(parsing: "50%")     // .fraction(0.5)
/// half.resolve(parent: 300, auto: .nan)         // 150
/// ```
public enum Dimension: Hashable, Sendable {
    case auto
    case points(Double)
    case fraction(Double)

    /// Points, validated: `nil` for negative, NaN or infinite values.
    public static func validPoints(_ value: Double) -> Dimension? {
        value >= 0 && value.isFinite ? .points(value) : nil
    }

    /// A fraction in `0 ... 1`, validated: `nil` outside it or for NaN.
    public static func validFraction(_ value: Double) -> Dimension? {
        value >= 0 && value <= 1 ? .fraction(value) : nil
    }

    /// Texture's string parsing: `"12pt"` → points, exactly `"auto"` → auto, `"50%"` → fraction;
    /// checked in that order. Unlike Texture, text that is none of these, or a number out of
    /// range, is an error rather than `auto` (the empty string is still `auto`, as DIM-03 asserts).
    public init(parsing text: String) throws(DimensionParseError) {
        if text.hasSuffix("pt"), text.count > 2 {
            guard let value = Double(text.dropLast(2)), let dimension = Dimension.validPoints(value) else {
                throw DimensionParseError(text: text, reason: "expected a finite non-negative number of points")
            }
            self = dimension
        } else if text == "auto" || text.isEmpty {
            self = .auto
        } else if text.hasSuffix("%"), text.count > 1 {
            guard let value = Double(text.dropLast()), let dimension = Dimension.validFraction(value / 100) else {
                throw DimensionParseError(text: text, reason: "expected a percentage from 0% to 100%")
            }
            self = dimension
        } else {
            throw DimensionParseError(text: text, reason: "expected a number, \"12pt\", \"50%\" or \"auto\"")
        }
    }

    /// Resolves against a parent length: auto gives `auto`, points their value, a fraction its
    /// share of the parent (NaN when the parent is undefined).
    /// Whether the dimension is `.auto` (a pattern match, cheaper than the synthesized `==`).
    @inlinable @inline(__always)
    var isAuto: Bool {
        if case .auto = self { return true }
        return false
    }

    @inlinable @inline(__always)
    public func resolve(parent: Double, auto: Double) -> Double {
        switch self {
        case .auto: auto
        case .points(let value): value
        case .fraction(let share): share * parent
        }
    }
}

extension Dimension: CustomStringConvertible {
    /// Texture's description: `"100pt"`, `"50%"`, `"Auto"`.
    public var description: String {
        switch self {
        case .auto: "Auto"
        case .points(let value): "\(formatPoints(value))pt"
        case .fraction(let share): "\(formatPoints(share * 100))%"
        }
    }
}

/// A dimension string that is not a number, `"…pt"`, `"…%"` or `"auto"`.
public struct DimensionParseError: Error, Hashable, Sendable, CustomStringConvertible {
    public var text: String
    public var reason: String
    public var description: String { "invalid dimension \"\(text)\": \(reason)" }
}

/// A width and a height dimension (Texture's `ASLayoutSize`).
public struct LayoutSize: Hashable, Sendable {
    public var width: Dimension
    public var height: Dimension

    public init(width: Dimension, height: Dimension) {
        self.width = width
        self.height = height
    }

    public static let auto = LayoutSize(width: .auto, height: .auto)

    public func resolve(parent: Size, auto: Size) -> Size {
        Size(width.resolve(parent: parent.width, auto: auto.width), height.resolve(parent: parent.height, auto: auto.height))
    }
}
