import LayoutCore

/// A decoded image as layout sees it: a size in points and a name for the pixels.
///
/// NodeKit never draws, so the pixels themselves stay with whoever decoded them; `identifier`
/// lets tests and the feed tell images apart (a URL, a cache key, a content hash).
public struct Image: Hashable, Sendable {
    public var size: Size
    public var identifier: String

    public init(size: Size, identifier: String = "") {
        self.size = size
        self.identifier = identifier
    }
}
