import Foundation

/// A record of a JSON Lines seed file: decoded from one line, identified by its id.
package protocol SeedRecord: Decodable, Sendable {
    var id: Int64 { get }
}

/// One line of `users.jsonl`.
package struct SeedUser: SeedRecord {
    package var id: Int64
    package var username: String
    package var fullName: String
    package var avatarURL: String
}

/// One line of `photos.jsonl`; the location, when present, gets the photo's id.
package struct SeedPhoto: SeedRecord {
    package struct Coordinate: Decodable, Sendable {
        package var latitude: Double
        package var longitude: Double
    }

    package var id: Int64
    package var ownerId: Int64
    package var url: String
    package var pixelWidth: Int
    package var pixelHeight: Int
    package var title: String
    package var description: String
    package var likes: Int
    package var uploadedAt: String
    package var location: Coordinate?
}

/// One line of `comments.jsonl`.
package struct SeedComment: SeedRecord {
    package var id: Int64
    package var photoId: Int64
    package var authorId: Int64
    package var body: String
    package var createdAt: String
}

/// A decoded line and where it came from.
package struct SeedLine<Record: Sendable>: Sendable {
    package var line: Int
    package var record: Record
}
