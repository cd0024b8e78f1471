import Hummingbird
import Locking

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
/// is the most a cached response outlives the data it was built from.
///
/// The bodies kept add up to at most ``byteBudget`` bytes: storing past it evicts the least
/// recently used entries first, and a body larger than ``largestBody`` (a sixteenth of the
/// budget) is never kept, so a few huge pages cannot push out every ordinary one.
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

    let byteBudget: Int
    var largestBody: Int { byteBudget / 16 }
    private let state = Locked(State())

    /// The entries, their bytes, and a use counter that orders them by recency.
    private struct State {
        var slots: [Key: (entry: Entry, lastUse: UInt64)] = [:]
        var bytes = 0
        var uses: UInt64 = 0
    }

    /// - Parameter byteBudget: the most body bytes kept (64 MiB by default).
    init(byteBudget: Int = 64 << 20) {
        self.byteBudget = byteBudget
    }

    /// The entry for `key` made at `version`, if any (now the most recently used).
    func entry(_ key: Key, version: Int64) -> Entry? {
        state.withLock { state in
            guard let slot = state.slots[key], slot.entry.version == version else { return nil }
            state.uses += 1
            state.slots[key]?.lastUse = state.uses
            return slot.entry
        }
    }

    /// Keeps `entry` for `key` (replacing any), evicting the least recently used entries while
    /// the bodies would exceed the budget; a body over ``largestBody`` is not kept.
    func store(_ entry: Entry, for key: Key) {
        let size = entry.body.readableBytes
        guard size <= largestBody else { return }
        state.withLock { state in
            if let old = state.slots.removeValue(forKey: key) { state.bytes -= old.entry.body.readableBytes }
            while state.bytes + size > byteBudget,
                  let oldest = state.slots.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                state.slots[oldest.key] = nil
                state.bytes -= oldest.value.entry.body.readableBytes
            }
            state.uses += 1
            state.slots[key] = (entry, state.uses)
            state.bytes += size
        }
    }

    /// How many entries and body bytes are kept.
    var usage: (entries: Int, bytes: Int) {
        state.withLock { ($0.slots.count, $0.bytes) }
    }
}
