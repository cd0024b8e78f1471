import FeedModel
import PhotoFeed

/// One feed item as the CLI's `feed --format json` and the HTTP service give it: the photo, its
/// user, location label and placemark, likes, description, the comment labels shown, every text
/// exactly as the cell sets it, and the cell's layout, with (for the CLI, whose contract has it)
/// whether it came from the layout cache. The service leaves `cache` out, so that a body, and its
/// entity tag, follow the content only; it says how the layouts were found in `Server-Timing`.
///
/// Keys, in this order (`docs/cli.md`, `docs/openapi.yaml`):
/// ```json
/// {"photoId":7,"layout":{"size":[375,512],"nodes":[…]},"cache":"hit",
///  "photo":{"url":"…","pixelWidth":1080,"pixelHeight":1350,"uploadedAt":1700000000000},
///  "user":{"name":"ana","avatarURL":"…"},"location":"Lisbon, Portugal",
///  "placemark":{"locality":"Lisbon","subAdministrativeArea":"Lisbon","administrativeArea":"Lisbon",
///               "country":"Portugal"},"likes":12,
///  "description":"…","commentCount":5,"comments":["View all 5 comments","bo nice"],
///  "texts":{"userName":"ana","time":"3h","likes":"♥︎ 12 likes","description":"ana …",
///           "location":"Lisbon, Portugal","comment0":"View all 5 comments","comment1":"bo nice"}}
/// ```
/// `location` is the label the cell draws: null until the place is reverse-geocoded (the cell has
/// no location label then, and `texts` no `location`), "" after a failed geocode (the cell lays
/// out an empty location label, as ASDKgram does; `texts`, which leaves empty texts out, has no
/// `location`). `placemark` is the place's fields (``PlacemarkJSON``), null without a place.
/// `texts` is keyed by the node ids of `layout`; an empty text (no
/// description) is absent, as its node is.
package struct FeedItemJSON: Encodable, Sendable {
    package struct Photo: Encodable, Sendable {
        var url: String
        var pixelWidth: Int
        var pixelHeight: Int
        /// Milliseconds since 1970 (UTC).
        var uploadedAt: Int64
    }

    package struct User: Encodable, Sendable {
        var name: String
        var avatarURL: String
    }

    package var photoId: Int64
    /// The layout-description contract's result line, as the layout cache gives it.
    var layout: JSONFragment
    /// `"hit"` or `"miss"`; nil leaves the key out (the service).
    package var cache: String?
    package var photo: Photo
    package var user: User
    package var location: String?
    package var placemark: PlacemarkJSON?
    package var likes: Int
    /// The photo's title: what the description label shows after the user name.
    package var title: String
    /// The photo's long description: content only, no label shows it (ASDKgram never reads it).
    package var description: String
    package var commentCount: Int
    package var comments: [String]
    /// Node id → the text the cell sets on it, in the cell's order.
    package var texts: [(node: String, text: String)]

    /// - Parameter reportsCache: carry `cache` (the CLI's JSON), or leave it out (the service's).
    package init(_ entry: FeedPageEntry, reportsCache: Bool = true) {
        let model = entry.model
        photoId = entry.photoID
        layout = JSONFragment(entry.layout.resultLine(nodesWithLayouts: PhotoCellNode.nodesWithOwnLayouts))
        cache = reportsCache ? entry.cache.rawValue : nil
        photo = Photo(url: model.photoURL, pixelWidth: model.pixelWidth, pixelHeight: model.pixelHeight,
                      uploadedAt: model.uploadedAt)
        user = User(name: model.userName, avatarURL: model.avatarURL)
        location = model.locationName
        placemark = model.placemark.map(PlacemarkJSON.init)
        likes = model.likes
        title = model.title
        description = entry.item.photo.description
        commentCount = model.commentCount
        comments = model.commentLabels
        texts = Self.texts(of: model)
    }

    /// The labels as ``PhotoCellNode`` sets them, keyed by node id; empty ones left out.
    static func texts(of model: PhotoCellModel) -> [(node: String, text: String)] {
        var texts: [(node: String, text: String)] = [("userName", model.userNameLabel)]
        if let location = model.locationName { texts.append(("location", location)) }
        texts += [("time", model.timeLabel), ("likes", model.likesLabel), ("description", model.descriptionLabel)]
        texts += model.commentLabels.enumerated().map { ("comment\($0.offset)", $0.element) }
        return texts.filter { !$0.text.isEmpty }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(photoId, forKey: .photoId)
        try container.encode(layout, forKey: .layout)
        try container.encodeIfPresent(cache, forKey: .cache)
        try container.encode(photo, forKey: .photo)
        try container.encode(user, forKey: .user)
        try container.encode(location, forKey: .location)  // null until geocoded
        try container.encode(placemark, forKey: .placemark)  // null without a place
        try container.encode(likes, forKey: .likes)
        try container.encode(title, forKey: .title)
        try container.encode(description, forKey: .description)
        try container.encode(commentCount, forKey: .commentCount)
        try container.encode(comments, forKey: .comments)
        var textContainer = container.nestedContainer(keyedBy: NodeKey.self, forKey: .texts)
        for (node, text) in texts { try textContainer.encode(text, forKey: NodeKey(node)) }
    }

    private enum CodingKeys: String, CodingKey {
        case photoId, layout, cache, photo, user, location, placemark
        case likes, title, description, commentCount, comments, texts
    }

    private struct NodeKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
