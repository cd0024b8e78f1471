/// What the HTTP service asks of a store, asynchronously: a request's reads never hold a thread
/// while the database answers. Each read returns everything a page or a photo needs (its rows,
/// their first comments and their cached layouts at one slot) in one read transaction, which
/// PostgreSQL answers in one round trip.
///
/// `FeedStore` (SQLite) reads on GRDB's reader pool; the PostgreSQL store on postgres-nio's
/// client. The synchronous seam (``FeedReading``, ``LayoutCacheStoring``) stays for the commands
/// and the sync worker, which run on threads of their own.
public protocol FeedServing: Sendable {
    /// One page, newest first by (upload time, id), after `cursor` (from the top when nil), with
    /// the first `commentLimit` comments of each photo and each photo's cached layout at `slot`.
    func pageRows(after cursor: FeedCursor?, limit: Int, commentLimit: Int, slot: LayoutSlot) async throws -> FeedRows
    /// The photo `photoID` as a one-item page (empty when there is no such photo), without a
    /// next cursor.
    func itemRows(photoID: Int64, commentLimit: Int, slot: LayoutSlot) async throws -> FeedRows
    /// Stores layouts, replacing any row of the same key (``LayoutCacheStoring/putLayouts(_:)``).
    func storeLayouts(_ entries: [(key: LayoutCacheKey, layout: CachedLayout)]) async throws
    /// Counts layout cache hits and misses in memory; they are written with the next layout write
    /// (or ``layoutCacheReport(engineVersion:)``).
    func countLayoutAccess(hits: Int, misses: Int)
    /// Returns once the database answers a read.
    func ping() async throws
    /// The cache's summary for `engineVersion`, after writing the access counts gathered so far.
    func servedLayoutCacheReport(engineVersion: Int) async throws -> LayoutCacheReport
    /// The job queue's counts by kind and state (``SyncJobAdministering/jobCounts()``), whichever
    /// processes run its workers.
    func servedJobCounts() async throws -> [JobStateCount]
    /// Every sync worker's running totals (``SyncWorkerCounts``), by worker name, whichever
    /// processes run the workers.
    func servedWorkerCounts() async throws -> [SyncWorkerCounts]
}

/// Where a feed's cells are cached: their cell kind, size range and scale.
public struct LayoutSlot: Hashable, Sendable {
    public var cellKind: String
    public var sizeRange: CacheSizeRange
    public var scale: Double

    public init(cellKind: String, sizeRange: CacheSizeRange, scale: Double) {
        self.cellKind = cellKind
        self.sizeRange = sizeRange
        self.scale = scale
    }
}

/// A page's rows as one read saw them: the items, the next cursor, the first comments of each
/// photo (absent when it has none) and the cached layout of each photo at the slot (absent when
/// there is none, or its frames are damaged). Whether a layout is current (its fingerprint and
/// engine version) is for the caller, which knows the layout inputs.
public struct FeedRows: Sendable {
    public var page: FeedPage
    public var comments: [Int64: [CommentLine]]
    public var layouts: [Int64: StoredLayout]

    public init(page: FeedPage, comments: [Int64: [CommentLine]], layouts: [Int64: StoredLayout]) {
        self.page = page
        self.comments = comments
        self.layouts = layouts
    }
}

/// A cached layout with the versions it was computed for.
public struct StoredLayout: Hashable, Sendable {
    public var fingerprint: [UInt8]
    public var engineVersion: Int
    public var layout: CachedLayout

    public init(fingerprint: [UInt8], engineVersion: Int, layout: CachedLayout) {
        self.fingerprint = fingerprint
        self.engineVersion = engineVersion
        self.layout = layout
    }

    /// Whether it is the layout for `key`: the same fingerprint and engine version.
    public func isCurrent(for key: LayoutCacheKey) -> Bool {
        fingerprint == key.fingerprint && engineVersion == key.engineVersion
    }
}
