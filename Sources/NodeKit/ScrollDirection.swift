import LayoutCore

/// The direction content moves into view (Texture's `ASScrollDirection`).
///
/// "Down" means the user scrolls toward the bottom of the content (content offset y grows);
/// "Right" means toward the right end. Also used for the directions a container can scroll.
public struct ScrollDirection: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    public static let none: ScrollDirection = []
    public static let right = ScrollDirection(rawValue: 1 << 0)
    public static let left = ScrollDirection(rawValue: 1 << 1)
    public static let up = ScrollDirection(rawValue: 1 << 2)
    public static let down = ScrollDirection(rawValue: 1 << 3)
    public static let horizontal: ScrollDirection = [.left, .right]
    public static let vertical: ScrollDirection = [.up, .down]

    /// Whether the set has up or down.
    public var containsVertical: Bool { !intersection(.vertical).isEmpty }
    /// Whether the set has left or right.
    public var containsHorizontal: Bool { !intersection(.horizontal).isEmpty }

    /// The scroll direction a pan velocity means (§8): along each scrollable axis a negative
    /// velocity scrolls toward the end (right, down) and a positive one toward the start. A
    /// negative transform scale (a flipped container) reverses the matching axis.
    public static func from(velocity: Point, scrollableDirections: ScrollDirection = [.horizontal, .vertical],
                            flippedHorizontally: Bool = false, flippedVertically: Bool = false) -> ScrollDirection {
        var direction: ScrollDirection = []
        if scrollableDirections.containsHorizontal {
            let vx = flippedHorizontally ? -velocity.x : velocity.x
            if vx < 0 { direction.insert(.right) } else if vx > 0 { direction.insert(.left) }
        }
        if scrollableDirections.containsVertical {
            let vy = flippedVertically ? -velocity.y : velocity.y
            if vy < 0 { direction.insert(.down) } else if vy > 0 { direction.insert(.up) }
        }
        return direction
    }
}
