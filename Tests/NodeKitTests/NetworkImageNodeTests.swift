import Testing
import Foundation
import LayoutCore
import NodeKit
import LayoutTestSupport
import NodeTestSupport

private let photoURL = URL(string: "https://example.com/photo.jpg")!
private let otherURL = URL(string: "https://example.com/other.jpg")!
private let photo = Image(size: Size(640, 480), identifier: "photo")
private let placeholder = Image(size: Size(10, 10), identifier: "placeholder")
private let preloaded: InterfaceState = [.measureLayout, .preload]

private func makeNode(managed: Bool = true, cache: FakeImageCache? = nil) -> (NetworkImageNode, FakeImageDownloader) {
    let downloader = FakeImageDownloader()
    let node = NetworkImageNode(id: "image", downloader: downloader, cache: cache)
    node.isRangeManaged = managed
    node.defaultImage = placeholder
    node.setURL(photoURL)
    return (node, downloader)
}

private struct NetworkDown: Error {}

@Suite struct NetworkImageNodeTests {
    @Test func loadingStartsOnEnteringPreloadAndTheImageSizesTheNode() throws {
        let (node, downloader) = makeNode()
        #expect(downloader.starts.isEmpty)
        #expect(node.image == placeholder)
        #expect(node.currentImageQuality == 1)
        #expect(node.placeholderShouldPersist == false)   // the default image is shown

        node.setInterfaceState(preloaded)
        let start = try #require(downloader.starts.first)
        #expect(downloader.starts.count == 1)
        #expect(start.url == photoURL)
        #expect(start.priority == .preload)

        downloader.complete(start.id, with: .success(photo))
        #expect(node.image == photo)
        #expect(node.isImageLoaded)
        #expect(node.currentImageQuality == 1)
        #expect(node.renderedProgress == 1)
        #expect(node.downloadID == nil)
        #expect(node.imageSize == Size(640, 480))
        #expect(node.layoutThatFits(SizeRange(min: .zero, max: Size(1000, 1000)), context: .scale2).size
            == Size(640, 480))
        // Becoming visible, still in preload, does not reload the loaded image
        node.setInterfaceState([.measureLayout, .preload, .display, .visible])
        #expect(downloader.starts.count == 1)
        // Leaving preload drops the image; entering it again loads it again
        node.setInterfaceState(.measureLayout)
        node.setInterfaceState(preloaded)
        #expect(downloader.starts.count == 2)
    }

    @Test func priorityFollowsTheStateAtRequestTimeAndVisibilityChanges() throws {
        let (node, downloader) = makeNode()
        node.setInterfaceState(.inHierarchy)
        #expect(downloader.starts.first?.priority == .visible)
        node.setInterfaceState([.measureLayout, .preload, .display])
        node.setInterfaceState(preloaded)
        // Entering visible (right after preload started the download) re-states the priority
        #expect(downloader.priorityChanges == [.visible, .imminent, .preload])

        let (imminent, imminentDownloader) = makeNode()
        imminent.setInterfaceState([.measureLayout, .preload, .display])
        #expect(imminentDownloader.starts.first?.priority == .imminent)
    }

    @Test func leavingPreloadCancelsWithResumeAndRestoresTheDefault() throws {
        let cache = FakeImageCache()
        let (node, downloader) = makeNode(cache: cache)
        node.setInterfaceState(preloaded)
        let first = try #require(downloader.starts.first)

        node.setInterfaceState(.measureLayout)
        #expect(downloader.cancels == [.init(id: first.id, resume: true)])
        #expect(node.image == placeholder)
        #expect(node.currentImageQuality == 0)
        #expect(!node.isImageLoaded)
        #expect(cache.cleared == [photoURL])
        // A late reply for the cancelled download changes nothing
        downloader.complete(first.id, with: .success(photo))
        #expect(node.image == placeholder)

        // Re-entering preload starts a fresh download
        node.setInterfaceState(preloaded)
        #expect(downloader.starts.count == 2)
    }

    @Test func leavingPreloadAfterLoadingDropsTheImage() throws {
        let (node, downloader) = makeNode()
        node.setInterfaceState(preloaded)
        downloader.complete(try #require(downloader.starts.first).id, with: .success(photo))
        node.setInterfaceState(.measureLayout)
        #expect(downloader.cancels.isEmpty)          // nothing in flight to cancel
        #expect(node.image == placeholder)
        #expect(!node.isImageLoaded)
    }

    @Test func unmanagedNodesKeepDownloadingButDiscardResultsAfterLeavingPreload() throws {
        let (node, downloader) = makeNode(managed: false)
        node.setInterfaceState(preloaded)
        let start = try #require(downloader.starts.first)
        node.setInterfaceState(.measureLayout)        // no didExitPreloadState for unmanaged nodes
        #expect(downloader.cancels.isEmpty)
        #expect(node.downloadID == start.id)

        downloader.complete(start.id, with: .success(photo))
        #expect(node.image == placeholder)            // discarded: the node left preload
        #expect(node.downloadID == nil)                // and the id is cleared
        #expect(!node.isImageLoaded)
    }

    @Test func staleCompletionsAreIgnored() throws {
        let (node, downloader) = makeNode()
        node.setInterfaceState(preloaded)
        let first = try #require(downloader.starts.first)

        // When the URL changes while in preload, the old download is cancelled (no resume)
        // and the new one starts at once
        node.setURL(otherURL)
        #expect(downloader.cancels == [.init(id: first.id, resume: false)])
        let second = try #require(downloader.starts.last)
        #expect(second.url == otherURL)
        #expect(second.id != first.id)

        // Then the old reply is ignored and the new one is used
        downloader.complete(first.id, with: .success(photo))
        #expect(node.image == placeholder)
        #expect(node.downloadID == second.id)
        let other = Image(size: Size(100, 200), identifier: "other")
        downloader.complete(second.id, with: .success(other))
        #expect(node.image == other)
    }

    @Test func setURLSemantics() {
        let (node, downloader) = makeNode()
        node.setURL(photoURL)                          // same URL: nothing happens
        #expect(downloader.cancels.isEmpty)
        #expect(downloader.starts.isEmpty)             // not in preload: no download either

        node.setURL(nil)
        #expect(node.currentImageQuality == 0)
        #expect(node.image == placeholder)
        #expect(node.placeholderShouldPersist == false)

        node.setURL(otherURL, resetToDefault: false)
        #expect(node.currentImageQuality == 0)         // no reset: quality untouched
        #expect(node.url == otherURL)
    }

    @Test func placeholderPersistsWhileThereIsAURLButNoImage() {
        let downloader = FakeImageDownloader()
        let node = NetworkImageNode(id: "image", downloader: downloader)
        node.setURL(photoURL)
        #expect(node.placeholderShouldPersist)
        node.setURL(nil)
        #expect(!node.placeholderShouldPersist)
    }

    @Test func settingTheImageDirectlyMakesAPlainImageNode() throws {
        let (node, downloader) = makeNode()
        node.setInterfaceState(preloaded)
        let start = try #require(downloader.starts.first)

        node.image = photo
        #expect(downloader.cancels == [.init(id: start.id, resume: false)])
        #expect(node.url == nil)
        #expect(node.currentImageQuality == 1)
        #expect(node.renderedProgress == 1)
        // Leaving preload keeps a directly set image
        node.setInterfaceState(.measureLayout)
        #expect(node.image == photo)
        #expect(downloader.cancels.count == 1)
    }

    @Test func aCachedImageIsUsedWithoutDownloading() {
        let cache = FakeImageCache(images: [photoURL: photo])
        let (node, downloader) = makeNode(cache: cache)
        node.setInterfaceState(preloaded)
        #expect(downloader.starts.isEmpty)
        #expect(node.image == photo)
        #expect(node.isImageLoaded)

        let (uncached, uncachedDownloader) = makeNode(cache: cache)
        uncached.shouldCacheImage = false
        uncached.setInterfaceState(preloaded)
        #expect(uncachedDownloader.starts.count == 1)
    }

    @Test func failuresLeaveTheDefaultAndAllowARetryOnTheNextPreload() throws {
        let (node, downloader) = makeNode()
        node.setInterfaceState(preloaded)
        downloader.complete(try #require(downloader.starts.first).id, with: .failure(NetworkDown()))
        #expect(node.image == placeholder)
        #expect(!node.isImageLoaded)
        #expect(node.downloadID == nil)
        node.setNeedsPreload()
        #expect(downloader.starts.count == 2)
    }

    @Test func deallocationCancelsWithoutResume() throws {
        let downloader = FakeImageDownloader()
        var node: NetworkImageNode? = NetworkImageNode(id: "image", downloader: downloader)
        node?.setURL(photoURL)
        node?.setInterfaceState(preloaded)
        let start = try #require(downloader.starts.first)
        node = nil
        #expect(downloader.cancels == [.init(id: start.id, resume: false)])
    }
}

@Suite struct ImageNodeTests {
    @Test func measuresToItsImageOnceSetAndLikeAPlainNodeBefore() {
        let node = ImageNode(id: "image")
        let range = SizeRange(min: .zero, max: Size(300, 300))
        #expect(node.layoutThatFits(range, context: .scale2).size == Size(300, 300))
        node.image = Image(size: Size(120, 80))
        #expect(node.imageSize == Size(120, 80))
        // A new image leaves the layout alone (NodeLifecycleTests); a layout request picks it up.
        node.setNeedsLayout()
        #expect(node.layoutThatFits(range, context: .scale2).size == Size(120, 80))
        node.image = nil
        node.setNeedsLayout()
        #expect(node.layoutThatFits(range, context: .scale2).size == Size(300, 300))
    }
}
