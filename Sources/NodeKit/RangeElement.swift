import LayoutCore

/// One cell as a range controller sees it: where it is, its frame in content coordinates, and
/// its node when allocated (`nil` nodes are never touched, as in Texture).
public struct RangeElement: Sendable {
    public var path: ItemPath
    public var frame: Rect
    public var node: DisplayNode?

    public init(path: ItemPath, frame: Rect, node: DisplayNode?) {
        self.path = path
        self.frame = frame
        self.node = node
    }
}

/// The visible part of a scrolling container: its size and content offset (together, the
/// scroll view's bounds).
public struct Viewport: Hashable, Sendable {
    public var size: Size
    public var contentOffset: Point

    public init(size: Size, contentOffset: Point = .zero) {
        self.size = size
        self.contentOffset = contentOffset
    }

    /// The bounds rectangle in content coordinates.
    public var bounds: Rect { Rect(origin: contentOffset, size: size) }
}

/// What one range update decided, for inspection and tests.
public struct RangeUpdate: Sendable {
    /// The mode the update used (`.unspecified` when it stopped early without visible items).
    public var mode: RangeMode
    /// The scroll direction the update used (the previous one when given none).
    public var scrollDirection: ScrollDirection
    public var visible: Set<ItemPath>
    public var display: Set<ItemPath>
    public var preload: Set<ItemPath>
    /// The state given to every node whose state changed, by path.
    public var changedStates: [ItemPath: InterfaceState]
}
