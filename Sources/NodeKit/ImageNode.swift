import LayoutCore
import Synchronization

/// A node that shows an image and, once it has one, measures to the image's size (Texture's
/// `ASImageNode`).
///
/// Without an image it sizes like a plain node. Changing to an image of another size makes the
/// cached layout stale so the next measurement picks the new size up.
open class ImageNode: DisplayNode, @unchecked Sendable {
    // @unchecked: the image lives in a Mutex; DisplayNode's own state is locked too.
    private let imageStorage = Mutex<Image?>(nil)

    public override init(id: LayoutElementID) {
        super.init(id: id)
    }

    /// The image shown. Subclasses may give setting it extra meaning (see ``NetworkImageNode``).
    open var image: Image? {
        get { imageStorage.withLock { $0 } }
        set { setDisplayedImage(newValue) }
    }

    /// The shown image's size, `nil` without an image: what a cell uses in its layout.
    public var imageSize: Size? { image?.size }

    /// Replaces the shown image without any subclass semantics, invalidating the layout when the
    /// size changes (a missing image counts as a different size).
    public final func setDisplayedImage(_ newImage: Image?) {
        let sizeChanged: Bool = imageStorage.withLock { current in
            defer { current = newImage }
            return current?.size != newImage?.size
        }
        if sizeChanged { setNeedsLayout() }
    }

    /// The image's size when there is one; otherwise a plain node's size.
    open override func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        image?.size ?? super.calculateSizeThatFits(constrainedSize)
    }
}
