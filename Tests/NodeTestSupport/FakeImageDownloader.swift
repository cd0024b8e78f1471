import Foundation
import Synchronization
import NodeKit

/// A downloader that records every call and completes downloads only when the test says so.
///
/// `@unchecked Sendable`: all state lives in one Mutex; completions run outside it.
public final class FakeImageDownloader: ImageDownloading, @unchecked Sendable {
    public struct Start: Equatable, Sendable {
        public var id: ImageDownloadID
        public var url: URL
        public var priority: ImageDownloadPriority
    }

    public struct Cancel: Equatable, Sendable {
        public var id: ImageDownloadID
        public var resume: Bool

        public init(id: ImageDownloadID, resume: Bool) {
            self.id = id
            self.resume = resume
        }
    }

    private struct State {
        var nextID: UInt64 = 1
        var starts: [Start] = []
        var cancels: [Cancel] = []
        var priorities: [(ImageDownloadID, ImageDownloadPriority)] = []
        var completions: [ImageDownloadID: @Sendable (Result<Image, any Error>) -> Void] = [:]
    }

    private let state = Mutex(State())

    public init() {}

    public var starts: [Start] { state.withLock { $0.starts } }
    public var cancels: [Cancel] { state.withLock { $0.cancels } }
    public var priorityChanges: [ImageDownloadPriority] { state.withLock { $0.priorities.map(\.1) } }

    public func start(url: URL, priority: ImageDownloadPriority,
                      completion: @escaping @Sendable (Result<Image, any Error>) -> Void) -> ImageDownloadID {
        state.withLock { state in
            let id = ImageDownloadID(state.nextID)
            state.nextID += 1
            state.starts.append(Start(id: id, url: url, priority: priority))
            state.completions[id] = completion
            return id
        }
    }

    public func cancel(_ id: ImageDownloadID, resume: Bool) {
        state.withLock { $0.cancels.append(Cancel(id: id, resume: resume)) }
    }

    public func setPriority(_ priority: ImageDownloadPriority, for id: ImageDownloadID) {
        state.withLock { $0.priorities.append((id, priority)) }
    }

    /// Delivers the result of download `id` (even a cancelled one, as a late network reply).
    public func complete(_ id: ImageDownloadID, with result: Result<Image, any Error>) {
        let completion = state.withLock { $0.completions.removeValue(forKey: id) }
        completion?(result)
    }
}

/// An in-memory image cache that records what was dropped.
public final class FakeImageCache: ImageCaching, @unchecked Sendable {
    // @unchecked: all state lives in the Mutex.
    private let state = Mutex<(images: [URL: Image], cleared: [URL])>(([:], []))

    public init(images: [URL: Image] = [:]) {
        state.withLock { $0.images = images }
    }

    public var cleared: [URL] { state.withLock { $0.cleared } }

    public func cachedImage(for url: URL) -> Image? { state.withLock { $0.images[url] } }

    public func clearImage(for url: URL) {
        state.withLock { state in
            state.images[url] = nil
            state.cleared.append(url)
        }
    }
}
