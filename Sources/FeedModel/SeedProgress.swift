/// How far seeding has come, reported to an optional callback (the CLI draws a progress bar
/// from it when stderr is a terminal).
public struct SeedProgress: Codable, Sendable, Equatable {
    public var phase: String
    public var done: Int
    public var total: Int

    /// A callback that receives seeding's progress.
    public typealias Handler = @Sendable (SeedProgress) -> Void

    public init(phase: String, done: Int, total: Int) {
        self.phase = phase
        self.done = done
        self.total = total
    }
}

/// Rows in the database after a seed: `photofeed seed`'s JSON.
public struct SeedCounts: Sendable, Equatable, Codable {
    public var users: Int
    public var photos: Int
    public var locations: Int
    public var comments: Int
    public var cities: Int
    public var syncJobs: Int

    public init(users: Int, photos: Int, locations: Int, comments: Int, cities: Int, syncJobs: Int) {
        self.users = users
        self.photos = photos
        self.locations = locations
        self.comments = comments
        self.cities = cities
        self.syncJobs = syncJobs
    }
}
