import Foundation

// What another implementation of the store seam (FeedStorePostgres) shares with this one: the
// layout blob format, the clock's milliseconds, the seed files as records, the report values,
// and the geocoder's distance. Reached through `@_spi(StoreImplementation) import FeedStore`;
// nothing here touches SQLite.

extension StoreClock {
    /// Now, in milliseconds since 1970 (the store's time columns).
    @_spi(StoreImplementation) public var milliseconds: Int64 { nowMilliseconds }
}

/// The layout cache's `frames` column: ``CachedLayout/frames`` packed as `LayoutBlob` does.
@_spi(StoreImplementation) public enum LayoutFramesCodec {
    public static func encode(_ frames: [CachedFrame]) -> Data { LayoutBlob.encode(frames) }
    /// Nil for a truncated or unknown blob (a damaged row, served as a miss).
    public static func decode(_ data: Data) -> [CachedFrame]? { LayoutBlob.decode(data) }
}

/// The curated set of `seed-data/` as records, checked as the SQLite seeding checks them (file,
/// line and JSON path in every error) except for references to rows already in a database.
@_spi(StoreImplementation) public struct CuratedSeedRecords: Sendable {
    public var users: [User]
    public var photos: [(photo: Photo, location: Location?)]
    public var comments: [Comment]

    public init(directory: URL) throws {
        let usersURL = directory.appendingPathComponent("users.jsonl")
        let photosURL = directory.appendingPathComponent("photos.jsonl")
        let commentsURL = directory.appendingPathComponent("comments.jsonl")
        let rows = try CuratedRows(
            users: try SeedFileReader.jsonLines(usersURL, as: SeedUser.self), usersFile: usersURL.path,
            photos: try SeedFileReader.jsonLines(photosURL, as: SeedPhoto.self), photosFile: photosURL.path,
            comments: try SeedFileReader.jsonLines(commentsURL, as: SeedComment.self), commentsFile: commentsURL.path)
        users = rows.users.map(\.user)
        photos = rows.photos.map { ($0.photo, $0.location) }
        comments = rows.comments.map(\.comment)
    }

    /// The cities of `cities.tsv` in `directory`.
    public static func cities(directory: URL) throws -> [City] {
        try SeedFileReader.cities(directory.appendingPathComponent("cities.tsv"))
    }
}

extension SeedCounts {
    @_spi(StoreImplementation)
    public static func counts(users: Int, photos: Int, locations: Int, comments: Int, cities: Int,
                              syncJobs: Int) -> SeedCounts {
        SeedCounts(users: users, photos: photos, locations: locations, comments: comments, cities: cities,
                   syncJobs: syncJobs)
    }
}

extension LayoutCacheReport {
    @_spi(StoreImplementation)
    public static func report(entries: Int, stale: Int, hits: Int, misses: Int, engineVersion: Int,
                              sizeRanges: [SizeRangeEntry]) -> LayoutCacheReport {
        LayoutCacheReport(entries: entries, stale: stale, hits: hits, misses: misses, engineVersion: engineVersion,
                          sizeRanges: sizeRanges)
    }
}

extension LayoutCacheReport.SizeRangeEntry {
    @_spi(StoreImplementation)
    public static func entry(range: CacheSizeRange, scale: Double, entries: Int) -> Self {
        Self(range: range, scale: scale, entries: entries)
    }
}

extension NearestCitySearch {
    /// Kilometres per degree of latitude.
    @_spi(StoreImplementation)
    public static let degreeKilometres = kilometresPerDegree

    /// The great-circle distance in kilometres between two points given in degrees.
    @_spi(StoreImplementation)
    public static func distanceKilometres(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        kilometres(lat1, lon1, lat2, lon2)
    }
}

extension MigrationReport {
    @_spi(StoreImplementation)
    public static func report(applied: [String], current: String?) -> MigrationReport {
        MigrationReport(applied: applied, current: current)
    }
}

extension CellRelayoutInputs {
    @_spi(StoreImplementation)
    public static func inputs(items: [Int64: FeedItem], comments: [Int64: [CommentLine]],
                              entries: [CachedLayoutEntry]) -> CellRelayoutInputs {
        CellRelayoutInputs(items: items, comments: comments, entries: entries)
    }
}

extension SeedProgress {
    @_spi(StoreImplementation)
    public static func progress(phase: String, done: Int, total: Int) -> SeedProgress {
        SeedProgress(phase: phase, done: done, total: total)
    }
}
