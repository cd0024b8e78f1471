/// A photo in the feed. Times are integer milliseconds since 1970 (UTC).
///
/// `contentVersion` goes up whenever anything a cell shows changes; cached layouts computed for
/// an older version are stale and never served. `commentsLoaded` turns true when the photo's
/// comment-feed job completes: until then its cell shows no comments.
public struct Photo: Codable, Hashable, Sendable {
    public var id: Int64
    public var ownerID: Int64
    public var locationID: Int64?
    public var url: String
    public var pixelWidth: Int
    public var pixelHeight: Int
    public var title: String
    public var description: String
    public var likes: Int
    public var uploadedAt: Int64
    public var imageState: AssetState
    public var contentVersion: Int64
    public var commentsLoaded: Bool

    public init(id: Int64, ownerID: Int64, locationID: Int64? = nil, url: String, pixelWidth: Int, pixelHeight: Int,
                title: String = "", description: String = "", likes: Int = 0, uploadedAt: Int64,
                imageState: AssetState = .pending, contentVersion: Int64 = 1, commentsLoaded: Bool = false) {
        self.id = id
        self.ownerID = ownerID
        self.locationID = locationID
        self.url = url
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.title = title
        self.description = description
        self.likes = likes
        self.uploadedAt = uploadedAt
        self.imageState = imageState
        self.contentVersion = contentVersion
        self.commentsLoaded = commentsLoaded
    }

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case id, ownerID = "owner_id", locationID = "location_id", url, pixelWidth = "pixel_width"
        case pixelHeight = "pixel_height", title, description, likes, uploadedAt = "uploaded_at"
        case imageState = "image_state", contentVersion = "content_version", commentsLoaded = "comments_loaded"
    }
}
