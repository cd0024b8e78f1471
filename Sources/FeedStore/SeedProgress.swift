/// How far seeding has come, reported to an optional callback (the CLI draws a progress bar
/// from it when stderr is a terminal).
public struct SeedProgress: Sendable, Equatable {
    public var phase: String
    public var done: Int
    public var total: Int
}

/// Rows in the database after a seed: `photofeed seed`'s JSON.
public struct SeedCounts: Sendable, Equatable, Codable {
    public var users: Int
    public var photos: Int
    public var locations: Int
    public var comments: Int
    public var cities: Int
    public var syncJobs: Int
}
