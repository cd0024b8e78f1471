/// A few entries, most recently used first, at most ``capacity`` of them: the per-thread memos'
/// storage (``RecentShapedTexts``, ``TruncationTokens``), where a linear scan of a handful of
/// entries costs less than hashing a key.
///
/// Why not a ``GenerationalCache``: these memos hold eight entries for one thread, so they need
/// no lock, no shards and no hash, and their keys (a whole ``AttributedText``, a token with its
/// attributes) are matched by a predicate rather than hashed.
struct RecentList<Entry> {
    let capacity: Int
    private var entries: [Entry] = []

    init(capacity: Int) {
        self.capacity = capacity
        entries.reserveCapacity(capacity)
    }

    /// The first entry that `matches`, moved to the front; `nil` when none does.
    mutating func use(where matches: (Entry) -> Bool) -> Entry? {
        guard let index = entries.firstIndex(where: matches) else { return nil }
        if index > 0 { entries.insert(entries.remove(at: index), at: 0) }
        return entries[0]
    }

    /// Puts `entry` first, dropping the least recently used one when full.
    mutating func add(_ entry: Entry) {
        if entries.count == capacity { entries.removeLast() }
        entries.insert(entry, at: 0)
    }
}
