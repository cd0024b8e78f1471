import FeedModel
import GRDB

/// Upserts rows inside the caller's write transaction through raw prepared statements from the
/// connection's cache (``RawStatement``), with their sync jobs: the seeder's hot loop (a million
/// generated photos go through here) and the named writes (`FeedStore.save`) share it. Each
/// record runs the upsert built from its `savedColumns` (``StoreSQL``) with its values
/// (`save(with:)`), bound straight to SQLite without `StatementArguments`' boxing.
///
/// The upserts' SQL is run only here, so that their bindings left set after a run meet no GRDB
/// code (``RawStatement``).
struct UpsertWriter {
    let db: Database
    /// When new jobs are due (store milliseconds).
    let now: Int64
    private let user: RawStatement
    private let location: RawStatement
    private let photo: RawStatement
    private let comment: RawStatement
    private let city: RawStatement
    private let imageJob: RawStatement
    private let avatarJob: RawStatement
    private let geocodeJob: RawStatement
    private let commentFeedJob: RawStatement

    init(db: Database, now: Int64) throws {
        self.db = db
        self.now = now
        user = try RawStatement(db, sql: StoreSQL.upsertUser)
        location = try RawStatement(db, sql: StoreSQL.upsertLocation)
        photo = try RawStatement(db, sql: StoreSQL.upsertPhoto)
        comment = try RawStatement(db, sql: StoreSQL.upsertComment)
        city = try RawStatement(db, sql: StoreSQL.upsertCity)
        imageJob = try RawStatement(db, sql: StoreSQL.upsertJob(.image))
        avatarJob = try RawStatement(db, sql: StoreSQL.upsertJob(.avatar))
        geocodeJob = try RawStatement(db, sql: StoreSQL.upsertJob(.geocode))
        commentFeedJob = try RawStatement(db, sql: StoreSQL.upsertJob(.commentFeed))
    }

    /// Upserts a user, and makes sure its avatar download job exists.
    func write(_ value: User) throws {
        _ = try value.save(with: user)
        try avatarJob.execute(value.id, now)
    }

    /// Upserts a photo (with its location, when given), and makes sure its image download,
    /// comment-feed and reverse-geocode jobs exist.
    func write(_ value: Photo, location place: Location?) throws {
        if let place {
            _ = try place.save(with: location)
            try geocodeJob.execute(place.id, now)
        }
        _ = try value.save(with: photo)
        try imageJob.execute(value.id, now)
        try commentFeedJob.execute(value.id, now)
    }

    /// Upserts a comment; returns whether the row changed.
    @discardableResult
    func write(_ value: Comment) throws -> Bool {
        try value.save(with: comment) > 0
    }

    func write(_ value: City) throws {
        _ = try value.save(with: city)
    }
}
