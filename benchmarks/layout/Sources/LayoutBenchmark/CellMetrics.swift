import LayoutCore

/// ASDKgram's photo cell (PhotoCellNode) with fixed-size leaves standing in for the text and
/// image nodes, so both engines lay out the same boxes.
enum CellMetrics {
    /// ASDKgram's `HORIZONTAL_BUFFER` and `VERTICAL_BUFFER`.
    static let horizontalBuffer = 10.0
    static let verticalBuffer = 5.0
    static let avatar = Size(44, 44)
    static let userName = Size(120, 20)
    static let location = Size(150, 16)
    static let time = Size(40, 16)
    /// The time label's `spacingBefore` in the header stack.
    static let timeSpacingBefore = 10.0
    static let likes = Size(80, 18)
    static let description = Size(280, 40)

    /// The cell widths measured: iPhone SE, 8 and 8 Plus.
    static let widths: [Double] = [320, 375, 414]
    /// Screen scale for both engines (Yoga's point scale factor).
    static let scale = 2.0

    /// The cell's leaves in a fixed order, shared by both engines' frame checks.
    static let leafNames = ["avatar", "userName", "location", "time", "photo", "likes", "description"]

    /// Texture's cell constraint: exact width, unbounded height.
    static func range(width: Double) -> SizeRange {
        SizeRange(min: Size(width, 0), max: Size(width, .infinity))
    }
}
