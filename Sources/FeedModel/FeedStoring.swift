/// What the feed's cell layer needs of a store, whatever its database: the feed reads and the
/// layout cache. `FeedStore` (SQLite) and the PostgreSQL store both are one, so the cell layer
/// (`FeedController`) serves and relayouts the same cells over either.
public typealias FeedStoring = FeedReading & LayoutCacheStoring
