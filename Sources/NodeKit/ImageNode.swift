import LayoutCore
import Synchronization

/// A node that shows an image and, once it has one, measures to the image's size (Texture's
/// `ASImageNode`).
///
/// Without an image it sizes like a plain node. A new image only needs redisplaying, whatever
/// its size (Texture's `setImage:` calls `setNeedsDisplay` alone): the cached layout stays
/// valid, so a node whose size follows its image is measured again only after a
/// ``DisplayNode/setNeedsLayout()``. Headless, there is nothing to redisplay.
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

    /// Replaces the shown image without any subclass semantics; the layout is left alone.
    public final func setDisplayedImage(_ newImage: Image?) {
        imageStorage.withLock { $0 = newImage }
    }

    /// The image's size when there is one; otherwise a plain node's size.
    open override func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        image?.size ?? super.calculateSizeThatFits(constrainedSize)
    }
}
