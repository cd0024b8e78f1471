import Foundation
import NodeKit
import Synchronization

/// The downloader of the feed's image nodes: it never completes a download itself.
///
/// Images arrive through the store instead: the sync daemon records an image as loaded, and the
/// cell learns it from its next model (``PhotoCellNode/update(_:)``); the photo stays square, so
/// its arrival changes no layout. Nothing is fetched headlessly, so starting and cancelling only
/// hand out ids.
public final class StoreDrivenImageDownloader: ImageDownloading {
    private let nextID = Atomic<UInt64>(1)

    public init() {}

    public func start(url: URL, priority: ImageDownloadPriority,
                      completion: @escaping @Sendable (Result<Image, any Error>) -> Void) -> ImageDownloadID {
        ImageDownloadID(nextID.add(1, ordering: .relaxed).oldValue)
    }

    public func cancel(_ id: ImageDownloadID, resume: Bool) {}
}
