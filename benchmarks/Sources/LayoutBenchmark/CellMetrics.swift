import LayoutCore
import PhotoFeed

/// The sizes of ``FixedLeafPhotoCell``'s leaves, standing in for the product cell's text and
/// image nodes so that both engines lay out the same boxes, and the product's spacings.
enum CellMetrics {
    /// ASDKgram's `HORIZONTAL_BUFFER` and `VERTICAL_BUFFER`, as the product cell uses them.
    static let horizontalBuffer = PhotoCellNode.horizontalBuffer
    static let verticalBuffer = PhotoCellNode.verticalBuffer
    static let avatar = Size(PhotoCellNode.userImageHeight, PhotoCellNode.userImageHeight)
    static let userName = Size(120, 20)
    static let location = Size(150, 16)
    static let time = Size(40, 16)
    /// The time label's `spacingBefore` in the header stack, as the product cell sets it.
    static let timeSpacingBefore = PhotoCellNode.horizontalBuffer
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
