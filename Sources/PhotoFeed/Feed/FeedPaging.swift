import LayoutCore
import NodeKit

/// How a client pages through the feed: ASDKgram's batch fetching.
///
/// The first page is small, so the first screen comes quickly, the later ones larger; a new page
/// is fetched when Texture's batch-fetching rule (``BatchFetching/shouldFetchBatch(context:scrollDirection:scrollableDirections:bounds:contentSize:targetOffset:leadingScreens:visible:rtl:velocity:flipsInRTL:delegate:)``)
/// says so for a vertical feed scrolling down: when the content is shorter than the viewport, or
/// the distance left to its end is within ``leadingScreens`` viewports.
///
/// ```swift
/// let paging = FeedPaging.asdkgram
/// paging.limit(afterLoading: 0)   // 4
/// paging.limit(afterLoading: 4)   // 20
/// paging.shouldFetchNextPage(contentHeight: 2000, viewport: Size(375, 667), offset: 0)  // true: 1333 pt left
/// paging.shouldFetchNextPage(contentHeight: 2400, viewport: Size(375, 667), offset: 0)  // false: 1733 pt
/// ```
public struct FeedPaging: Hashable, Sendable {
    /// Photos in the first page.
    public var firstPageSize: Int
    /// Photos in every later page.
    public var pageSize: Int
    /// Viewports of content left below the viewport when the next page is fetched.
    public var leadingScreens: Double

    public init(firstPageSize: Int, pageSize: Int, leadingScreens: Double) {
        self.firstPageSize = firstPageSize
        self.pageSize = pageSize
        self.leadingScreens = leadingScreens
    }

    /// ASDKgram's settings: a first page of 4 photos, then pages of 20, fetched 2.5 screens ahead
    /// (Texture's default is 2).
    public static let asdkgram = FeedPaging(firstPageSize: 4, pageSize: 20, leadingScreens: 2.5)

    /// The size of the next page once `loaded` photos are in the feed.
    public func limit(afterLoading loaded: Int) -> Int {
        loaded == 0 ? firstPageSize : pageSize
    }

    /// Whether a feed `contentHeight` points tall, seen through `viewport` scrolled down to
    /// `offset`, fetches its next page now; never while `context` is fetching one.
    public func shouldFetchNextPage(contentHeight: Double, viewport: Size, offset: Double,
                                    context: BatchContext = BatchContext()) -> Bool {
        BatchFetching.shouldFetchBatch(
            context: context, scrollDirection: .down, scrollableDirections: .vertical,
            bounds: Rect(0, offset, viewport.width, viewport.height),
            contentSize: Size(viewport.width, contentHeight), targetOffset: Point(0, offset),
            leadingScreens: leadingScreens, visible: true)
    }
}
