import FeedModel
import PostgresNIO

/// What a feed session reads besides the feed: a photo's comment feed as its job delivers it
/// (``CommentFeedReading``) and a point's placemark (``PlacemarkReading``), each in one read.
extension PostgresFeedStore: CommentFeedReading, PlacemarkReading {
    /// Each photo's first comments whether or not its comment feed has loaded
    /// (``firstComments(_:photoIDs:limit:loadedOnly:)`` without the `comments_loaded` condition).
    public func commentFeedFirstPage(photoIDs: [Int64], limit: Int) throws -> [Int64: [CommentLine]] {
        guard !photoIDs.isEmpty, limit > 0 else { return [:] }
        return try blockingSession { session in
            try await Self.firstComments(session, photoIDs: photoIDs, limit: limit, loadedOnly: false)
        }
    }

    public func placemark(latitude: Double, longitude: Double, geocoder: ReverseGeocoder) throws -> Placemark? {
        try blockingRead { session in
            try await PostgresCitySearch(session: session).placemark(latitude: latitude, longitude: longitude,
                                                               geocoder: geocoder)
        }
    }
}
