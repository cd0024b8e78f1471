import Foundation
import LayoutCore
import Synchronization

/// An image node that downloads its image from a URL while it is in the preload range
/// (Texture's `ASNetworkImageNode`, semantics §7.5).
///
/// Loading starts when the node enters the preload state (or on ``setURL(_:resetToDefault:)``
/// while in it). A range-managed node leaving preload cancels the download *with resume* and
/// goes back to ``defaultImage``. A completion is ignored when it belongs to an older download,
/// and discarded when the node has left preload meanwhile. Setting ``image`` directly turns
/// the node into a plain image node: the URL is cleared and the download cancelled.
open class NetworkImageNode: ImageNode, @unchecked Sendable {
    // @unchecked: all loading state lives in `load`, a Mutex; the downloader and cache are Sendable.
    struct LoadState {
        var url: URL?
        var defaultImage: Image?
        var downloadID: ImageDownloadID?
        /// The request whose completion is awaited; completions of other requests are stale.
        var activeRequest: UInt64?
        var requestCounter: UInt64 = 0
        var isImageLoaded = false
        var imageWasSetExternally = false
        var currentImageQuality: Double = 0
        var renderedProgress: Double = 0
        var shouldCacheImage = true
        weak var delegate: (any NetworkImageNodeDelegate)?
    }

    let downloader: any ImageDownloading
    let cache: (any ImageCaching)?
    let load = Mutex(LoadState())

    public init(id: LayoutElementID, downloader: any ImageDownloading, cache: (any ImageCaching)? = nil) {
        self.downloader = downloader
        self.cache = cache
        super.init(id: id)
    }

    deinit {
        if let id = load.withLock({ $0.downloadID }) { downloader.cancel(id, resume: false) }
    }

    // MARK: - Properties

    /// The image's URL; set it with ``setURL(_:resetToDefault:)``.
    public var url: URL? { load.withLock { $0.url } }
    /// Whether the image at ``url`` has arrived.
    public var isImageLoaded: Bool { load.withLock { $0.isImageLoaded } }
    /// 1 for a loaded (or directly set) image or a default shown for a URL, 0 otherwise.
    public var currentImageQuality: Double { load.withLock { $0.currentImageQuality } }
    /// The download's progress, 0…1.
    public var renderedProgress: Double { load.withLock { $0.renderedProgress } }
    /// The running download's id, if any.
    public var downloadID: ImageDownloadID? { load.withLock { $0.downloadID } }
    /// Whether to consult the cache before downloading (default `true`).
    public var shouldCacheImage: Bool {
        get { load.withLock { $0.shouldCacheImage } }
        set { load.withLock { $0.shouldCacheImage = newValue } }
    }
    public var delegate: (any NetworkImageNodeDelegate)? {
        get { load.withLock { $0.delegate } }
        set { load.withLock { $0.delegate = newValue } }
    }
    /// Whether a placeholder should stay up: no image yet but a URL to load it from.
    public var placeholderShouldPersist: Bool { image == nil && url != nil }

    /// The image shown while nothing is loaded. Setting it shows it at once unless the real
    /// image has arrived.
    public var defaultImage: Image? {
        get { load.withLock { $0.defaultImage } }
        set {
            let show: Bool = load.withLock { state in
                state.defaultImage = newValue
                guard !state.isImageLoaded else { return false }
                state.currentImageQuality = state.url == nil ? 0 : 1
                return true
            }
            if show { setDisplayedImage(newValue) }
        }
    }

    /// Setting a non-nil image directly makes this a plain image node: the URL is cleared and a
    /// running download cancelled without resume; quality and progress become 1.
    open override var image: Image? {
        get { super.image }
        set {
            let cancelled: ImageDownloadID? = load.withLock { state in
                let external = newValue != nil
                defer { state.imageWasSetExternally = external }
                guard external else { return nil }
                let id = state.downloadID
                state.url = nil
                state.downloadID = nil
                state.activeRequest = nil
                state.isImageLoaded = false
                state.currentImageQuality = 1
                state.renderedProgress = 1
                return id
            }
            if let cancelled { downloader.cancel(cancelled, resume: false) }
            setDisplayedImage(newValue)
        }
    }

    // MARK: - URL

    /// Changes the URL (Texture's `setURL:resetToDefault:`). The same URL does nothing.
    /// Otherwise the running download is cancelled (no resume), progress and the loaded flag
    /// reset, and — when `resetToDefault` or the URL is nil — the default image is shown with
    /// quality 0 for a nil URL, else 1. A node in preload then starts loading the new URL.
    public func setURL(_ newURL: URL?, resetToDefault: Bool = true) {
        let change: (cancel: ImageDownloadID?, reset: Bool, defaultImage: Image?)? = load.withLock { state in
            guard state.url != newURL else { return nil }
            let id = state.downloadID
            state.downloadID = nil
            state.activeRequest = nil
            state.renderedProgress = 0
            state.isImageLoaded = false
            state.url = newURL
            if newURL != nil { state.imageWasSetExternally = false }
            let reset = resetToDefault || newURL == nil
            if reset { state.currentImageQuality = newURL == nil ? 0 : 1 }
            return (id, reset, state.defaultImage)
        }
        guard let change else { return }
        if let id = change.cancel { downloader.cancel(id, resume: false) }
        if change.reset { setDisplayedImage(change.defaultImage) }
        setNeedsPreload()
    }

    // MARK: - Interface state

    open override func didEnterPreloadState() {
        super.didEnterPreloadState()
        lazyLoadImageIfNeeded()
    }

    /// Only range-managed nodes get here: cancel with resume, show the default again and ask
    /// the cache to drop the image — unless the image was set directly.
    open override func didExitPreloadState() {
        super.didExitPreloadState()
        let cleared: (cancel: ImageDownloadID?, url: URL?, defaultImage: Image?)? = load.withLock { state in
            guard !state.imageWasSetExternally else { return nil }
            let id = state.downloadID
            state.downloadID = nil
            state.activeRequest = nil
            state.isImageLoaded = false
            state.currentImageQuality = 0
            state.renderedProgress = 0
            return (id, state.url, state.defaultImage)
        }
        guard let cleared else { return }
        if let id = cleared.cancel { downloader.cancel(id, resume: true) }
        setDisplayedImage(cleared.defaultImage)
        if let url = cleared.url { cache?.clearImage(for: url) }
    }

    open override func didEnterVisibleState() {
        super.didEnterVisibleState()
        updatePriority()
    }

    open override func didExitVisibleState() {
        super.didExitVisibleState()
        updatePriority()
    }

    open override func didExitDisplayState() {
        super.didExitDisplayState()
        updatePriority()
    }

    private func updatePriority() {
        if let id = downloadID { downloader.setPriority(ImageDownloadPriority(interfaceState), for: id) }
    }
}
