@_spi(StoreImplementation) import FeedStore
import PostgresNIO

/// What a feed session reads besides the feed: a photo's comment feed as its job delivers it
/// (``CommentFeedReading``) and a point's placemark (``PlacemarkReading``), each in one read.
extension PostgresFeedStore: CommentFeedReading, PlacemarkReading {
    /// Each photo's first comments whether or not its comment feed has loaded: the lateral join
    /// of ``firstComments(photoIDs:limit:)`` without the `comments_loaded` condition.
    public func commentFeedFirstPage(photoIDs: [Int64], limit: Int) throws -> [Int64: [CommentLine]] {
        guard !photoIDs.isEmpty, limit > 0 else { return [:] }
        let rows = try withSession { session in
            try session.query("""
                SELECT ids.id, first.username, first.body
                FROM unnest(\(photoIDs)::bigint[]) AS ids(id)
                CROSS JOIN LATERAL (
                    SELECT u.username, c.body, c.created_at, c.id FROM comment c JOIN "user" u ON u.id = c.author_id
                    WHERE c.photo_id = ids.id ORDER BY c.created_at, c.id LIMIT \(limit)
                ) AS first
                ORDER BY ids.id, first.created_at, first.id
                """).rows
        }
        var comments: [Int64: [CommentLine]] = [:]
        for row in rows {
            let (photoID, author, body) = try row.decode((Int64, String, String).self)
            comments[photoID, default: []].append(CommentLine(authorName: author, body: body))
        }
        return comments
    }

    public func placemark(latitude: Double, longitude: Double, geocoder: ReverseGeocoder) throws -> Placemark? {
        try read { session in
            try PostgresCitySearch(session: session).placemark(latitude: latitude, longitude: longitude,
                                                               geocoder: geocoder)
        }
    }
}
