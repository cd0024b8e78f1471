/// One feed entry: a photo with everything its cell shows.
public struct FeedItem: Codable, Hashable, Sendable {
    public var photo: Photo
    public var owner: User
    public var location: Location?
    public var commentCount: Int

    public init(photo: Photo, owner: User, location: Location?, commentCount: Int) {
        self.photo = photo
        self.owner = owner
        self.location = location
        self.commentCount = commentCount
    }

    /// The cursor that continues the feed after this item.
    public var cursor: FeedCursor { FeedCursor(uploadedAt: photo.uploadedAt, id: photo.id) }
}

/// A page of the feed, newest first, and the cursor of the next page (nil on the last page).
public struct FeedPage: Codable, Hashable, Sendable {
    public var items: [FeedItem]
    public var next: FeedCursor?

    public init(items: [FeedItem], next: FeedCursor?) {
        self.items = items
        self.next = next
    }
}
