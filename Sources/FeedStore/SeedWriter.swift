import GRDB

/// Writes seed rows inside one transaction through prepared statements (the seeder's hot loop:
/// a million generated photos go through here). Jobs are created with the rows they serve.
struct SeedWriter {
    let db: Database
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
        user = try db.makeStatement(sql: StoreSQL.upsertUser)
        location = try db.makeStatement(sql: StoreSQL.upsertLocation)
        photo = try db.makeStatement(sql: StoreSQL.upsertPhoto)
        comment = try db.makeStatement(sql: StoreSQL.upsertComment)
        city = try db.makeStatement(sql: StoreSQL.upsertCity)
        imageJob = try db.makeStatement(sql: StoreSQL.upsertJob(.image))
        avatarJob = try db.makeStatement(sql: StoreSQL.upsertJob(.avatar))
        geocodeJob = try db.makeStatement(sql: StoreSQL.upsertJob(.geocode))
    }

    func write(_ value: User) throws {
        user.setUncheckedArguments([value.id, value.username, value.fullName, value.avatarURL])
        try user.execute()
        avatarJob.setUncheckedArguments([value.id, now])
        try avatarJob.execute()
    }

    func write(_ value: Photo, location place: Location?) throws {
        if let place {
            location.setUncheckedArguments([place.id, place.latitude, place.longitude])
            try location.execute()
            geocodeJob.setUncheckedArguments([place.id, now])
            try geocodeJob.execute()
        }
        photo.setUncheckedArguments([
            value.id, value.ownerID, value.locationID, value.url, value.pixelWidth, value.pixelHeight, value.title,
            value.description, value.likes, value.uploadedAt,
        ])
        try photo.execute()
        imageJob.setUncheckedArguments([value.id, now])
        try imageJob.execute()
    }

    func write(_ value: Comment) throws {
        comment.setUncheckedArguments([value.id, value.photoID, value.authorID, value.body, value.createdAt])
        try comment.execute()
    }

    func write(_ value: City) throws {
        city.setUncheckedArguments([
            value.id, value.name, value.region, value.countryCode, value.country, value.latitude, value.longitude,
            value.population,
        ])
        try city.execute()
    }
}
