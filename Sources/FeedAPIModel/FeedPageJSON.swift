import FeedModel
import PhotoFeed

/// The contract's JSON of a feed page (`feed --format json`, and `GET /v1/feed` of the HTTP
/// service), keys in this order: `{"items":[item…],"next":cursor|null}`.
///
/// Each item starts with the contract's first three keys, `photoId`, `layout` (the
/// layout-description contract's result line: the cell's size and every node's frame, named
/// as `layout show` names them) and, in the CLI's JSON, `cache` (`"hit"` or `"miss"`), then
/// carries everything the cell shows, so a client draws it without laying anything out
/// (``FeedItemJSON``).
package struct FeedPageJSON: Encodable, Sendable {
    package var items: [FeedItemJSON]
    package var next: String?

    /// - Parameter reportsCache: each item carries `cache` (the CLI's JSON) or not (the service's).
    package init(_ page: FeedPageResult, reportsCache: Bool = true) {
        items = page.entries.map { FeedItemJSON($0, reportsCache: reportsCache) }
        next = page.next?.encoded
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
        try container.encode(next, forKey: .next)  // null on the last page
    }

    private enum CodingKeys: String, CodingKey {
        case items, next
    }
}
