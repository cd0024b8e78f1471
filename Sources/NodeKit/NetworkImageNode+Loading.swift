import Foundation

extension NetworkImageNode {
    /// Starts loading when nothing is loaded, a URL is set and no download is in flight: the
    /// cache first (when allowed), then the downloader at the priority of the current state.
    func lazyLoadImageIfNeeded() {
        let request: (url: URL, number: UInt64, useCache: Bool, delegate: (any NetworkImageNodeDelegate)?)? =
            load.withLock { state in
                guard !state.isImageLoaded, !state.imageWasSetExternally, let url = state.url,
                      state.activeRequest == nil else { return nil }
                state.requestCounter += 1
                state.activeRequest = state.requestCounter
                return (url, state.requestCounter, state.shouldCacheImage, state.delegate)
            }
        guard let request else { return }
        request.delegate?.imageNodeDidStartFetchingData(self)
        if request.useCache, let cached = cache?.cachedImage(for: request.url) {
            finishRequest(request.number, with: .success(cached))
            return
        }
        let number = request.number
        let id = downloader.start(url: request.url, priority: ImageDownloadPriority(interfaceState)) {
            [weak self] result in
            self?.finishRequest(number, with: result)
        }
        load.withLock { state in
            if state.activeRequest == number { state.downloadID = id }
        }
    }

    /// Handles a completion: stale requests are ignored; if the node left preload the result
    /// is discarded (and the request forgotten); otherwise the image is shown.
    func finishRequest(_ number: UInt64, with result: Result<Image, any Error>) {
        let inPreload = isInPreloadState
        let outcome: (image: Image?, delegate: (any NetworkImageNodeDelegate)?)? = load.withLock { state in
            guard state.activeRequest == number else { return nil }
            state.activeRequest = nil
            state.downloadID = nil
            guard inPreload else { return nil }
            guard case .success(let image) = result else { return (nil, state.delegate) }
            state.isImageLoaded = true
            state.currentImageQuality = 1
            state.renderedProgress = 1
            return (image, state.delegate)
        }
        guard let outcome else { return }
        switch result {
        case .success(let image):
            setDisplayedImage(image)
            outcome.delegate?.imageNode(self, didLoad: image)
        case .failure(let error):
            outcome.delegate?.imageNode(self, didFailWithError: error)
        }
    }
}
