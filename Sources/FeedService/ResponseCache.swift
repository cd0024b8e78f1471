import Foundation
import Synchronization

/// Response bodies kept in memory by request, valid while the database has not changed.
///
/// A feed page is a pure function of the database (the controller's reference time is fixed):
/// each entry remembers the database's change version (``FeedStore/ChangeWatcher``) read
/// before its body was made, and is served only while the version is still that, so a commit
/// by any connection (the sync daemon in another process, layouts stored for a cold page)
/// makes the next request compute its page again. At most ``capacity`` entries; a full cache
/// starts over.
final class ResponseCache: Sendable {
    struct Entry: Sendable {
        var version: Int64
        var body: Data
        var tag: EntityTag
        var contentType: String
    }

    let capacity: Int
    private let entries = Mutex<[String: Entry]>([:])

    init(capacity: Int = 1024) {
        self.capacity = capacity
    }

    /// The entry for `key` made at `version`, if any.
    func entry(_ key: String, version: Int64) -> Entry? {
        entries.withLock { entries in
            guard let entry = entries[key], entry.version == version else { return nil }
            return entry
        }
    }

    func store(_ entry: Entry, for key: String) {
        entries.withLock { entries in
            if entries.count >= capacity, entries[key] == nil { entries.removeAll(keepingCapacity: true) }
            entries[key] = entry
        }
    }
}
