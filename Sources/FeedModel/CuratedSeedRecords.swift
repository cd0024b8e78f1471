import Foundation

/// The curated set of `seed-data/` as records, checked as the SQLite seeding checks them (file,
/// line and JSON path in every error) except for references to rows already in a database: what
/// the PostgreSQL store seeds from.
package struct CuratedSeedRecords: Sendable {
    package var users: [User]
    package var photos: [(photo: Photo, location: Location?)]
    package var comments: [Comment]

    package init(directory: URL) throws {
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
    package static func cities(directory: URL) throws -> [City] {
        try SeedFileReader.cities(directory.appendingPathComponent("cities.tsv"))
    }
}
