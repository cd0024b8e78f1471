/// Whether a layout read back from the cache could have come from a measurement, so that a row
/// edited or damaged outside the program is never served.
extension CachedLayout {
    /// The greatest size a layout may have: Texture's validity rule turns a size of
    /// 10,000,000 points or more into 0 × 0, so no measurement stores one.
    static let sizeLimit = 10_000_000.0

    /// True when the size and every frame are finite, sizes lie in `0 ..< sizeLimit`,
    /// positions in `-sizeLimit ..< sizeLimit`, and each frame's parent is -1 (the root) or an
    /// earlier frame. A row that fails is a cache miss: its layout is computed and stored again.
    public var isPlausible: Bool {
        func isSize(_ value: Double) -> Bool { value >= 0 && value < Self.sizeLimit }
        func isPosition(_ value: Double) -> Bool { value > -Self.sizeLimit && value < Self.sizeLimit }
        guard isSize(width), isSize(height) else { return false }
        return frames.indices.allSatisfy { index in
            let frame = frames[index]
            return isPosition(frame.x) && isPosition(frame.y) && isSize(frame.width) && isSize(frame.height)
                && frame.parent >= -1 && Int(frame.parent) < index
        }
    }
}
