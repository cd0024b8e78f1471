/// A cell's computed layout as the cache stores it: the root size and the flattened node frames
/// (absolute, already pixel-snapped) in depth-first pre-order.
///
/// `parent` is the index of the enclosing frame in `frames`, or -1 for a child of the root, so
/// that a nested result tree can be rebuilt; a flat layout has every parent at -1.
public struct CachedLayout: Codable, Hashable, Sendable {
    public var width: Double
    public var height: Double
    public var frames: [CachedFrame]

    public init(width: Double, height: Double, frames: [CachedFrame]) {
        self.width = width
        self.height = height
        self.frames = frames
    }
}

/// One node's frame in a `CachedLayout`.
public struct CachedFrame: Codable, Hashable, Sendable {
    public var id: String
    public var parent: Int32
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(id: String, parent: Int32 = -1, x: Double, y: Double, width: Double, height: Double) {
        self.id = id
        self.parent = parent
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
