import Foundation

/// The identifier a downloader gives one download.
public struct ImageDownloadID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt64

    public init(_ rawValue: UInt64) {
        self.rawValue = rawValue
    }

    public var description: String { "download \(rawValue)" }
}

/// How soon an image is needed, from the requesting node's interface state (§7.5): visible
/// nodes first, then nodes in the display range ("imminent"), then preloading ones.
public enum ImageDownloadPriority: Int, Comparable, Sendable {
    case preload = 0
    case imminent = 1
    case visible = 2

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The priority for a node in `state`.
    public init(_ state: InterfaceState) {
        self = state.contains(.visible) ? .visible : state.contains(.display) ? .imminent : .preload
    }
}

/// Fetches images for ``NetworkImageNode`` (Texture's `ASImageDownloaderProtocol`). The sync
/// daemon implements it; tests use a fake that completes on demand.
///
/// `completion` may run on any thread, also before `start` returns.
public protocol ImageDownloading: Sendable {
    /// Starts downloading `url` and returns the download's id.
    func start(url: URL, priority: ImageDownloadPriority,
               completion: @escaping @Sendable (Result<Image, any Error>) -> Void) -> ImageDownloadID
    /// Cancels a download; with `resume`, the partial data may be kept to resume it later.
    func cancel(_ id: ImageDownloadID, resume: Bool)
    /// Changes a running download's priority. The default does nothing.
    func setPriority(_ priority: ImageDownloadPriority, for id: ImageDownloadID)
}

public extension ImageDownloading {
    func setPriority(_ priority: ImageDownloadPriority, for id: ImageDownloadID) {}
}

/// A cache consulted before downloading (Texture's `ASImageCacheProtocol`).
public protocol ImageCaching: Sendable {
    /// The cached image for `url`, if any.
    func cachedImage(for url: URL) -> Image?
    /// Drops the cached image for `url` (a node left the preload range).
    func clearImage(for url: URL)
}

/// Hears a network image node's loading events.
public protocol NetworkImageNodeDelegate: AnyObject, Sendable {
    func imageNodeDidStartFetchingData(_ node: NetworkImageNode)
    func imageNode(_ node: NetworkImageNode, didLoad image: Image)
    func imageNode(_ node: NetworkImageNode, didFailWithError error: any Error)
}

public extension NetworkImageNodeDelegate {
    func imageNodeDidStartFetchingData(_ node: NetworkImageNode) {}
    func imageNode(_ node: NetworkImageNode, didLoad image: Image) {}
    func imageNode(_ node: NetworkImageNode, didFailWithError error: any Error) {}
}
