import FeedModel

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
    /// The location label: nil until the reverse geocode answers (the cell has no location label
    /// then); "" once it failed or found no place (ASDKgram's LocationModel sets an empty label,
    /// so the cell lays out an empty location node); else ASDKgram's placemark rule over
    /// ``placemark`` (``PhotoCellModel/locationName(state:placemark:)``).
    public var locationName: String?
    /// The reverse-geocoded placemark's fields, nil unless a place was found. Not a layout input:
    /// the cell draws only ``locationName``; the API gives the fields beside it.
    public var placemark: PlacemarkLabel?
    public var uploadedAt: Int64
    public var referenceTime: Int64
    public var photoURL: String
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// Whether the photo has arrived (drawn as a placeholder until then; it never changes the
    /// layout: the photo is always square).
    public var isImageLoaded: Bool
    public var likes: Int
    /// The photo's title: ASDKgram's `descriptionText`, which its PhotoModel fills from 500px's
    /// `name` field (the title) and the description label shows after the user name. ASDKgram
    /// never reads the photo's long description, so no layout depends on it.
    public var title: String
    /// The photo's total number of comments as its comment feed reports it (0 until the feed's
    /// first page has loaded).
    public var commentCount: Int
    /// The comments shown, in the page's order: the last ``shownCommentCount`` of the comment
    /// feed's first page (none until it has loaded).
    public var comments: [CommentLine]

    public init(photoID: Int64, contentVersion: Int64 = 1, userName: String, avatarURL: String,
                isAvatarLoaded: Bool = false, locationName: String? = nil, placemark: PlacemarkLabel? = nil,
                uploadedAt: Int64, referenceTime: Int64, photoURL: String,
                pixelWidth: Int, pixelHeight: Int, isImageLoaded: Bool = false, likes: Int = 0,
                title: String = "", commentCount: Int = 0, comments: [CommentLine] = []) {
        self.photoID = photoID
        self.contentVersion = contentVersion
        self.userName = userName
        self.avatarURL = avatarURL
        self.isAvatarLoaded = isAvatarLoaded
        self.locationName = locationName
        self.placemark = placemark
        self.uploadedAt = uploadedAt
        self.referenceTime = referenceTime
        self.photoURL = photoURL
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.isImageLoaded = isImageLoaded
        self.likes = likes
        self.title = title
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
                  locationName: item.location.flatMap(Self.locationName(of:)),
                  placemark: item.location.flatMap(Self.placemark(of:)),
                  uploadedAt: photo.uploadedAt, referenceTime: referenceTime, photoURL: photo.url,
                  pixelWidth: photo.pixelWidth, pixelHeight: photo.pixelHeight,
                  isImageLoaded: photo.imageState == .loaded, likes: photo.likes,
                  title: photo.title, commentCount: loaded ? item.commentCount : 0,
                  comments: loaded ? Array(commentPage.suffix(Self.shownCommentCount)) : [])
    }

    // MARK: - Texts

    /// The user name label: the name lowercased.
    public var userNameLabel: String { userName.lowercased() }

    /// Time since upload as ASDKgram prints it (``ElapsedTime``).
    public var timeLabel: String { ElapsedTime(milliseconds: referenceTime - uploadedAt).label }

    /// "♥︎ N likes" (U+2665 U+FE0E), plural whatever the count.
    public var likesLabel: String { "\u{2665}\u{FE0E} \(likes) likes" }

    /// ASDKgram's `"%@ %@"` of the user name, lowercased (UserModel lowercases it when it parses
    /// it), and the title. Without a title ASDKgram would print "(null)" after the name; the
    /// label is the name alone (a documented departure).
    public var descriptionLabel: String { title.isEmpty ? userNameLabel : "\(userNameLabel) \(title)" }

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
