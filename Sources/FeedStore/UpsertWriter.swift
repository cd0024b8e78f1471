import GRDB

/// Upserts rows inside the caller's write transaction through prepared statements from the
/// connection's cache, with their sync jobs: the seeder's hot loop (a million generated photos go
/// through here) and the named writes (`FeedStore.save`) share it. Each record binds
/// its `savedValues` to the upsert built from its `savedColumns` (``StoreSQL``).
struct UpsertWriter {
    let db: Database
    /// When new jobs are due (store milliseconds).
    let now: Int64
    private let user: Statement
    private let location: Statement
    private let photo: Statement
    private let comment: Statement
    private let city: Statement
    private let imageJob: Statement
    private let avatarJob: Statement
    private let geocodeJob: Statement

    init(db: Database, now: Int64) throws {
        self.db = db
        self.now = now
        user = try db.cachedStatement(sql: StoreSQL.upsertUser)
        location = try db.cachedStatement(sql: StoreSQL.upsertLocation)
        photo = try db.cachedStatement(sql: StoreSQL.upsertPhoto)
        comment = try db.cachedStatement(sql: StoreSQL.upsertComment)
        city = try db.cachedStatement(sql: StoreSQL.upsertCity)
        imageJob = try db.cachedStatement(sql: StoreSQL.upsertJob(.image))
        avatarJob = try db.cachedStatement(sql: StoreSQL.upsertJob(.avatar))
        geocodeJob = try db.cachedStatement(sql: StoreSQL.upsertJob(.geocode))
    }

    /// Upserts a user, and makes sure its avatar download job exists.
    func write(_ value: User) throws {
        try run(user, value.savedValues)
        try run(avatarJob, [value.id, now])
    }

    /// Upserts a photo (with its location, when given), and makes sure its image download and
    /// reverse-geocode jobs exist.
    func write(_ value: Photo, location place: Location?) throws {
        if let place {
            try run(location, place.savedValues)
            try run(geocodeJob, [place.id, now])
        }
        try run(photo, value.savedValues)
        try run(imageJob, [value.id, now])
    }

    /// Upserts a comment; returns whether the row changed.
    @discardableResult
    func write(_ value: Comment) throws -> Bool {
        try run(comment, value.savedValues)
        return db.changesCount > 0
    }

    func write(_ value: City) throws {
        try run(city, value.savedValues)
    }

    private func run(_ statement: Statement, _ arguments: StatementArguments) throws {
        statement.setUncheckedArguments(arguments)
        try statement.execute()
    }
}
