import FeedStore

/// Everything a ``PhotoCellNode`` shows, as plain values (ASDKgram's `PhotoModel` and friends).
///
/// Times are milliseconds since 1970. The time label compares ``uploadedAt`` with an injected
/// ``referenceTime`` rather than the wall clock, so a cell's texts, and therefore its layout, are
/// a pure function of the model.
public struct PhotoCellModel: Hashable, Sendable {
    public var photoID: Int64
    /// Changes whenever anything the cell shows changes (the store's content version).
    public var contentVersion: Int64
    public var userName: String
    public var avatarURL: String
    /// Whether the avatar has arrived (drawn as a placeholder until then; it never changes the layout).
    public var isAvatarLoaded: Bool
    /// The reverse-geocoded place, nil until geocoding found one (the label is absent then).
    public var locationName: String?
    public var uploadedAt: Int64
    public var referenceTime: Int64
    public var photoURL: String
    public var pixelWidth: Int
    public var pixelHeight: Int
    public var isImageLoaded: Bool
    public var likes: Int
    public var description: String
    public var commentCount: Int
    /// The first comments (at most two are shown).
    public var firstComments: [CommentLine]

    public init(photoID: Int64, contentVersion: Int64 = 1, userName: String, avatarURL: String,
                isAvatarLoaded: Bool = false, locationName: String? = nil, uploadedAt: Int64, referenceTime: Int64, photoURL: String,
                pixelWidth: Int, pixelHeight: Int, isImageLoaded: Bool = false, likes: Int = 0,
                description: String = "", commentCount: Int = 0, firstComments: [CommentLine] = []) {
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
        self.firstComments = firstComments
    }

    /// The model of a feed item: the location label is the place name and country once geocoded
    /// ("Berlin, Germany"), the description falls back to the title when empty.
    public init(item: FeedItem, firstComments: [CommentLine], referenceTime: Int64) {
        let photo = item.photo
        self.init(photoID: photo.id, contentVersion: photo.contentVersion, userName: item.owner.username,
                  avatarURL: item.owner.avatarURL, isAvatarLoaded: item.owner.avatarState == .loaded,
                  locationName: item.location.flatMap {
                      Self.locationName(placeName: $0.placeName, country: $0.country, state: $0.geocodeState)
                  },
                  uploadedAt: photo.uploadedAt, referenceTime: referenceTime, photoURL: photo.url,
                  pixelWidth: photo.pixelWidth, pixelHeight: photo.pixelHeight,
                  isImageLoaded: photo.imageState == .loaded, likes: photo.likes,
                  description: photo.description.isEmpty ? photo.title : photo.description,
                  commentCount: item.commentCount, firstComments: firstComments)
    }

    /// The location label of a location with these names and state: none until resolved.
    static func locationName(placeName: String?, country: String?, state: GeocodeState) -> String? {
        guard state == .resolved, let place = placeName, !place.isEmpty else { return nil }
        guard let country, !country.isEmpty else { return place }
        return "\(place), \(country)"
    }

    // MARK: - Texts

    /// Time since upload as ASDKgram prints it: "5s", "3m", "2h", "4d", "3w" (whole units,
    /// rounded down; an upload "after" the reference time reads "0s").
    public var timeLabel: String {
        let seconds = max(0, (referenceTime - uploadedAt) / 1000)
        switch seconds {
        case ..<60: return "\(seconds)s"
        case ..<3600: return "\(seconds / 60)m"
        case ..<86_400: return "\(seconds / 3600)h"
        case ..<604_800: return "\(seconds / 86_400)d"
        default: return "\(seconds / 604_800)w"
        }
    }

    /// "1 like", "12 likes".
    public var likesLabel: String { likes == 1 ? "1 like" : "\(likes) likes" }

    /// The comments label's lines: "View all N comments" when there are more than the two shown,
    /// then up to two "username comment" lines. Empty without comments (the label is absent).
    public var commentLines: [String] {
        guard commentCount > 0 else { return [] }
        var lines: [String] = []
        if commentCount > 2 { lines.append("View all \(commentCount) comments") }
        lines += firstComments.prefix(2).map { "\($0.authorName) \($0.body)" }
        return lines
    }

    /// Height over width of the photo: the real pixel size once loaded, 1 before (ASDKgram's
    /// square placeholder).
    public var photoRatio: Double {
        guard isImageLoaded, pixelWidth > 0, pixelHeight > 0 else { return 1 }
        return Double(pixelHeight) / Double(pixelWidth)
    }
}
