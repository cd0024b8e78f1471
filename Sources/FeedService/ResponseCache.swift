import Hummingbird
import Synchronization

/// Responses kept in memory by request, valid while the database has not changed, each with its
/// body and header fields made once, so that answering from the cache allocates no body, encodes
/// no JSON and hashes nothing but the key.
///
/// A feed page is a pure function of the database (the controller's reference time is fixed):
/// each entry remembers the database's change version (``FeedStore/ChangeWatching``) read before
/// its body was made, and is served only while the version is still that, so a commit by any
/// connection (the sync daemon in another process or on another machine, layouts stored for a
/// cold page) makes a later request compute its page again. The watcher may report a commit a
/// little late (up to 2 ms for a SQLite file; a PostgreSQL notification's delivery time): that
/// is the most a cached response outlives the data it was built from. At most
/// ``capacity`` entries; a full cache starts over.
final class ResponseCache: Sendable {
    /// What a cached response answers.
    enum Key: Hashable, Sendable {
        case feed(FeedQuery)
        case photo(Int64, FeedQuery)
        case html(FeedQuery)
    }

    /// One response: its body and tag, and the header fields of its 200 and of its 304.
    struct Entry: Sendable {
        var version: Int64
        var body: ByteBuffer
        var tag: EntityTag
        var headers: HTTPFields
        var notModifiedHeaders: HTTPFields

        init(version: Int64, body: ByteBuffer, tag: EntityTag, contentType: String, cacheControl: String) {
            self.version = version
            self.body = body
            self.tag = tag
            headers = [.contentType: contentType, .cacheControl: cacheControl, .eTag: tag.value,
                       .contentLength: String(body.readableBytes)]
            notModifiedHeaders = [.eTag: tag.value, .cacheControl: cacheControl]
        }

        /// 200 with the body, or 304 without it when `request`'s `If-None-Match` names the tag.
        func response(to request: Request) -> Response {
            if let field = request.headers[.ifNoneMatch], tag.matches(ifNoneMatch: field) {
                return Response(status: .notModified, headers: notModifiedHeaders)
            }
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: body))
        }
    }

    let capacity: Int
    private let entries = Mutex<[Key: Entry]>([:])

    init(capacity: Int = 1024) {
        self.capacity = capacity
    }

    /// The entry for `key` made at `version`, if any.
    func entry(_ key: Key, version: Int64) -> Entry? {
        entries.withLock { entries in
            guard let entry = entries[key], entry.version == version else { return nil }
            return entry
        }
    }

    func store(_ entry: Entry, for key: Key) {
        entries.withLock { entries in
            if entries.count >= capacity, entries[key] == nil { entries.removeAll(keepingCapacity: true) }
            entries[key] = entry
        }
    }
}
