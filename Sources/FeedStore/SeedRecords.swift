import Foundation

/// A record of a JSON Lines seed file: decoded from one line, identified by its id.
protocol SeedRecord: Decodable, Sendable {
    var id: Int64 { get }
}

/// One line of `users.jsonl`.
struct SeedUser: SeedRecord {
    var id: Int64
    var username: String
    var fullName: String
    var avatarURL: String
}

/// One line of `photos.jsonl`; the location, when present, gets the photo's id.
struct SeedPhoto: SeedRecord {
    struct Coordinate: Decodable, Sendable {
        var latitude: Double
        var longitude: Double
    }

    var id: Int64
    var ownerId: Int64
    var url: String
    var pixelWidth: Int
    var pixelHeight: Int
    var title: String
    var description: String
    var likes: Int
    var uploadedAt: String
    var location: Coordinate?
}

/// One line of `comments.jsonl`.
struct SeedComment: SeedRecord {
    var id: Int64
    var photoId: Int64
    var authorId: Int64
    var body: String
    var createdAt: String
}

/// A decoded line and where it came from.
struct SeedLine<Record: Sendable>: Sendable {
    var line: Int
    var record: Record
}
