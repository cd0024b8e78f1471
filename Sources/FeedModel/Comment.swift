/// A comment on a photo. `createdAt` is in milliseconds since 1970.
public struct Comment: Codable, Hashable, Sendable {
    public var id: Int64
    public var photoID: Int64
    public var authorID: Int64
    public var body: String
    public var createdAt: Int64

    public init(id: Int64, photoID: Int64, authorID: Int64, body: String, createdAt: Int64) {
        self.id = id
        self.photoID = photoID
        self.authorID = authorID
        self.body = body
        self.createdAt = createdAt
    }

    package enum CodingKeys: String, CodingKey {
        case id, photoID = "photo_id", authorID = "author_id", body, createdAt = "created_at"
    }
}
