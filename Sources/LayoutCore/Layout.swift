/// A stable name for a layout element. Nodes carry unique ids; specs carry their kind's name
/// ("stack", "inset", …), which only descriptions use.
public struct LayoutElementID: Hashable, Codable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public var rawValue: String

    @inlinable
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    @inlinable
    public init(stringLiteral value: String) {
        self.init(value)
    }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }
}

/// The result of measuring an element (Texture's `ASLayout`): a value tree that names elements
/// by id, so it can be persisted, diffed and compared.
///
/// Creation snaps the size up to the pixel grid (`ceilPixel`), as Texture does when an
/// `ASLayout` is made. A size that is not valid for a layout (negative, NaN, infinite or
/// ≥ 10,000,000 in either axis) is replaced by zero, as Texture's release builds do;
/// ``isValid(size:)`` tells callers that want to refuse it instead.
///
/// `position` is relative to the parent layout. Specs assign their children's positions raw;
/// flattening (``flattened(context:)``) makes them absolute and snaps them up to the pixel grid.
public struct Layout: Hashable, Codable, Sendable {
    public var element: LayoutElementID
    /// Whether `element` is a node (kept when flattening) or a spec (dissolved).
    public var isNode: Bool
    public var size: Size
    public var position: Point
    public var sublayouts: [Layout]

    /// Creates a layout, snapping `size` up to the pixel grid of `context`.
    @inlinable @inline(__always)
    public init(element: LayoutElementID, isNode: Bool = false, size: Size, position: Point = .zero,
                sublayouts: [Layout] = [], context: LayoutContext) {
        self.element = element
        self.isNode = isNode
        self.size = Layout.isValid(size: size) ? PixelSnapping.ceil(size, scale: context.scale) : .zero
        self.position = position
        self.sublayouts = sublayouts
    }

    /// Creates a layout from already-snapped values, unchanged (decoding, tests, fixtures).
    @inlinable
    public init(element: LayoutElementID, isNode: Bool, exactSize size: Size, position: Point, sublayouts: [Layout]) {
        self.element = element
        self.isNode = isNode
        self.size = size
        self.position = position
        self.sublayouts = sublayouts
    }

    /// Whether Texture would accept `size` for a layout (both components valid for size).
    @inlinable @inline(__always)
    public static func isValid(size: Size) -> Bool {
        LayoutValidity.isValidForSize(size.width) && LayoutValidity.isValidForSize(size.height)
    }

    /// `(position, size)`, with non-finite components replaced by 0.
    public var frame: Rect {
        func finite(_ v: Double) -> Double { v.isFinite ? v : 0 }
        return Rect(finite(position.x), finite(position.y), finite(size.width), finite(size.height))
    }

    /// The frame of the first direct sublayout for `element`, or `nil`.
    public func frame(for element: LayoutElementID) -> Rect? {
        sublayouts.first { $0.element == element }?.frame
    }

    /// A copy placed at `position` (raw, not snapped), as a spec positions a child. Consuming:
    /// a spec placing a child layout it no longer needs moves it instead of copying it (a copy
    /// retains and later releases the id and the sublayout array).
    @inlinable @inline(__always)
    public consuming func positioned(at position: Point) -> Layout {
        var copy = self
        copy.position = position
        return copy
    }
}
