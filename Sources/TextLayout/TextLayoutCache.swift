import Synchronization

/// A thread-safe memo of text measurements keyed by ``TextLayoutKey``.
///
/// Bounded by two generations: new entries go to the current generation; when it reaches half the
/// capacity it becomes the previous one (the old previous one is dropped). A hit in the previous
/// generation moves the entry back to the current one. That keeps recently used entries at O(1)
/// cost per operation without a linked list. The table is split into shards, each behind its own
/// `Mutex`, so threads measuring different texts rarely wait for each other.
///
/// Hit and miss counts are kept for tests and benchmarks (``statistics``).
public final class TextLayoutCache: Sendable {
    private let shards: [ShardBox]
    private let shardCapacity: Int

    /// A shard's lock (a class, because a `Mutex` cannot be stored in an array).
    final class ShardBox: Sendable {
        let state = Mutex(Shard())
    }

    /// One shard's state. Entries are filed under the key's precomputed hash, so a probe compares
    /// integers only; the entry's full key is then checked against the request. Two keys with the
    /// same 64-bit hash take turns in one slot (the later store wins), which costs a miss, never a
    /// wrong answer.
    struct Shard {
        var current: [Int: Entry] = [:]
        var previous: [Int: Entry] = [:]
        var hits = 0
        var misses = 0
    }

    /// A cache holding at most about `capacity` measurements (at least 16).
    public init(capacity: Int = 32_768, shardCount: Int = 8) {
        let shardCount = max(1, shardCount)
        shardCapacity = max(16, capacity / shardCount)
        shards = (0..<shardCount).map { _ in ShardBox() }
    }

    @inline(__always)
    private func shard(for key: TextLayoutKey) -> Int {
        Int(UInt(bitPattern: key.precomputedHash) % UInt(shards.count))
    }

    /// A stored measurement with the key it answers.
    struct Entry {
        var key: TextLayoutKey
        var measurement: TextMeasurement
    }

    /// The stored measurement for `key`, counting a hit or a miss.
    public func measurement(for key: TextLayoutKey) -> TextMeasurement? {
        measurement(hash: key.precomputedHash, text: key.text, options: key.options, minWidth: key.minWidth,
                    maxWidth: key.maxWidth, scale: key.scale)
    }

    /// The lookup without building a key: on a hit for the same text value, nothing but the
    /// stored entry is read (building a key would retain the caller's string and runs, two
    /// memory accesses to objects that are usually cold).
    func measurement(hash: Int, text: AttributedText, options: TextLayoutOptions, minWidth: Double, maxWidth: Double,
                     scale: Double) -> TextMeasurement? {
        shards[Int(UInt(bitPattern: hash) % UInt(shards.count))].state.withLock { shard in
            if let entry = shard.current[hash], entry.key.matches(text: text, options: options, minWidth: minWidth,
                                                                  maxWidth: maxWidth, scale: scale) {
                shard.hits += 1
                return entry.measurement
            }
            if let entry = shard.previous[hash], entry.key.matches(text: text, options: options, minWidth: minWidth,
                                                                   maxWidth: maxWidth, scale: scale) {
                shard.previous[hash] = nil
                shard.hits += 1
                insert(entry, into: &shard)
                return entry.measurement
            }
            shard.misses += 1
            return nil
        }
    }

    /// Stores a measurement.
    public func store(_ measurement: TextMeasurement, for key: TextLayoutKey) {
        shards[shard(for: key)].state.withLock { insert(Entry(key: key, measurement: measurement), into: &$0) }
    }

    private func insert(_ entry: Entry, into shard: inout Shard) {
        if shard.current.count >= shardCapacity / 2 {
            shard.previous = shard.current
            shard.current = [:]
        }
        shard.current[entry.key.precomputedHash] = entry
    }

    /// Hits, misses and stored entries so far.
    public var statistics: TextLayoutCacheStatistics {
        shards.reduce(into: TextLayoutCacheStatistics()) { total, shard in
            shard.state.withLock { state in
                total.hits += state.hits
                total.misses += state.misses
                total.count += state.current.count + state.previous.count
            }
        }
    }

    /// Drops every entry and zeroes the counters.
    public func removeAll() {
        for shard in shards { shard.state.withLock { $0 = Shard() } }
    }
}

/// Counters of a ``TextLayoutCache``.
public struct TextLayoutCacheStatistics: Hashable, Sendable {
    public var hits = 0
    public var misses = 0
    /// Entries currently stored.
    public var count = 0

    public init(hits: Int = 0, misses: Int = 0, count: Int = 0) {
        self.hits = hits
        self.misses = misses
        self.count = count
    }
}
