import FeedStore

/// Everything a ``PhotoCellNode`` shows, as plain values (ASDKgram's `PhotoModel` and friends).
///
/// Times are milliseconds since 1970. The time label compares ``uploadedAt`` with an injected
/// ``referenceTime`` rather than the wall clock, so a cell's texts, and therefore its layout, are
/// a pure function of the model. The labels follow ASDKgram's `PhotoCellNode`, `CommentsNode`
/// and `Utilities` (docs/feed.md, "The cell's texts").
public struct PhotoCellModel: Hashable, Sendable {
    /// How many comments a cell shows (ASDKgram's `NUM_COMMENTS_TO_SHOW`).
    public static let shownCommentCount = 3
    /// The size of the comment feed's first page, whose last ``shownCommentCount`` comments the
    /// cell shows (a page of 500px's comments API, which ASDKgram reads).
    public static let commentPageSize = 20

    public var photoID: Int64
    /// Changes whenever anything the cell shows changes (the store's content version).
    public var contentVersion: Int64
    public var userName: String
    public var avatarURL: String
    /// Whether the avatar has arrived (drawn as a placeholder until then; it never changes the layout).
    public var isAvatarLoaded: Bool
    /// The reverse-geocoded place, nil until geocoding answered (the label is absent then).
    public var locationName: String?
    public var uploadedAt: Int64
    public var referenceTime: Int64
    public var photoURL: String
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// Whether the photo has arrived (drawn as a placeholder until then; it never changes the
    /// layout: the photo is always square).
    public var isImageLoaded: Bool
    public var likes: Int
    /// The photo's description (without the user name the label puts before it).
    public var description: String
    /// The photo's total number of comments as its comment feed reports it (0 until the feed's
    /// first page has loaded).
    public var commentCount: Int
    /// The comments shown, in the page's order: the last ``shownCommentCount`` of the comment
    /// feed's first page (none until it has loaded).
    public var comments: [CommentLine]

    public init(photoID: Int64, contentVersion: Int64 = 1, userName: String, avatarURL: String,
                isAvatarLoaded: Bool = false, locationName: String? = nil, uploadedAt: Int64, referenceTime: Int64, photoURL: String,
                pixelWidth: Int, pixelHeight: Int, isImageLoaded: Bool = false, likes: Int = 0,
                description: String = "", commentCount: Int = 0, comments: [CommentLine] = []) {
        self.photoID = photoID
        self.contentVersion = contentVersion
        self.userName = userName
        self.avatarURL = avatarURL
        self.isAvatarLoaded = isAvatarLoaded
        self.locationName = locationName
        self.uploadedAt = uploadedAt
        self.referenceTime = referenceTime
        self.photoURL = photoURL
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.isImageLoaded = isImageLoaded
        self.likes = likes
        self.description = description
        self.commentCount = commentCount
        self.comments = comments
    }

    /// The model of a feed item whose comment feed's first page is `commentPage` (oldest first,
    /// at most ``commentPageSize`` comments): the cell keeps its last ``shownCommentCount``.
    /// Until the photo's comment-feed job has completed (``Photo/commentsLoaded``) the cell has no
    /// comments at all: no count and no comment labels, whatever `commentPage` holds.
    public init(item: FeedItem, commentPage: [CommentLine], referenceTime: Int64) {
        let photo = item.photo
        let loaded = photo.commentsLoaded
        self.init(photoID: photo.id, contentVersion: photo.contentVersion, userName: item.owner.username,
                  avatarURL: item.owner.avatarURL, isAvatarLoaded: item.owner.avatarState == .loaded,
                  locationName: item.location.flatMap {
                      Self.locationName(placeName: $0.placeName, country: $0.country, state: $0.geocodeState,
                                        subLocality: $0.subLocality, administrativeArea: $0.administrativeArea,
                                        subAdministrativeArea: $0.subAdministrativeArea)
                  },
                  uploadedAt: photo.uploadedAt, referenceTime: referenceTime, photoURL: photo.url,
                  pixelWidth: photo.pixelWidth, pixelHeight: photo.pixelHeight,
                  isImageLoaded: photo.imageState == .loaded, likes: photo.likes,
                  description: photo.description, commentCount: loaded ? item.commentCount : 0,
                  comments: loaded ? Array(commentPage.suffix(Self.shownCommentCount)) : [])
    }

    /// The location label of a location with these names and state, by ASDKgram's placemark
    /// rule (``PlacemarkLabel``; `placeName` is the locality): none until resolved; a failed
    /// geocode shows nothing.
    static func locationName(placeName: String?, country: String?, state: GeocodeState, subLocality: String? = nil,
                             administrativeArea: String? = nil, subAdministrativeArea: String? = nil) -> String? {
        guard state == .resolved else { return nil }
        return PlacemarkLabel(subLocality: subLocality, locality: placeName,
                              subAdministrativeArea: subAdministrativeArea, administrativeArea: administrativeArea,
                              country: country).text
    }

    // MARK: - Texts

    /// The user name label: the name lowercased.
    public var userNameLabel: String { userName.lowercased() }

    /// Time since upload as ASDKgram prints it (``ElapsedTime``).
    public var timeLabel: String { ElapsedTime(milliseconds: referenceTime - uploadedAt).label }

    /// "♥︎ N likes" (U+2665 U+FE0E), plural whatever the count.
    public var likesLabel: String { "\u{2665}\u{FE0E} \(likes) likes" }

    /// "username description", the name as it is.
    public var descriptionLabel: String { "\(userName) \(description)" }

    /// The comments node's labels: "View all N comments" when the total exceeds
    /// ``shownCommentCount``, then "commenter comment" (the commenter lowercased) for each comment
    /// shown. Empty without comments (the comments node is then an empty stack).
    public var commentLabels: [String] {
        var labels: [String] = []
        if commentCount > Self.shownCommentCount { labels.append("View all \(commentCount) comments") }
        labels += comments.map { "\($0.authorName.lowercased()) \($0.body)" }
        return labels
    }
}
