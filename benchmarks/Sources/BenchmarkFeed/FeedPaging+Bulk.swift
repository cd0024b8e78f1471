import PhotoFeed

extension FeedPaging {
    /// Pages of 500: precomputing a benchmark store's cached layouts quickly. The layouts are the
    /// same as through ASDKgram's paging (a cell's layout does not depend on its page).
    public static let bulk = FeedPaging(firstPageSize: 500, pageSize: 500, leadingScreens: 2.5)
}
