/// A thread-safe, bounded memo: sharded, with two generations per shard.
///
/// New entries go to a shard's current generation; when it reaches half the shard's capacity it
/// becomes the previous one (the old previous one is dropped). A hit in the previous generation
/// moves the entry back to the current one. That keeps recently used entries at O(1) cost per
/// operation without a linked list. The caller picks the shard of each operation (the text
/// measurement cache: the calling thread's). Each shard has its own lock (a pthread mutex in
/// ``CacheShards``, which the thread sanitizer can see). Hits and misses are counted.
final class GenerationalCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let shards: CacheShards<Shard>
    /// How many shards there are.
    var shardCount: Int { shards.count }
    private let shardCapacity: Int

    private struct Shard: Sendable {
        var current: [Key: Value] = [:]
        var previous: [Key: Value] = [:]
        var hits = 0
        var misses = 0
    }

    /// A cache holding at most about `capacity` entries (at least 16 per shard).
    init(capacity: Int, shardCount: Int) {
        let shardCount = max(1, shardCount)
        shardCapacity = max(16, capacity / shardCount)
        shards = CacheShards(count: shardCount) { Shard() }
    }

    /// What `project` makes of the value stored under `key` in shard `index` (below
    /// ``shardCount``), counting a hit when it makes something and a miss otherwise. `project`
    /// lets a caller file entries under a hash and confirm the full identity on a hit, and copy
    /// out only the part it needs: it reads the stored value in place, under the shard's lock, so
    /// a hit does not copy (and retain and release) the whole entry.
    @inline(__always)
    func value<Result>(for key: Key, shard index: Int, _ project: (Value) -> Result?) -> Result? {
        shards.withShard(index) { shard in
            if let index = shard.current.index(forKey: key), let result = project(shard.current.values[index]) {
                shard.hits += 1
                return result
            }
            if let index = shard.previous.index(forKey: key), let result = project(shard.previous.values[index]) {
                let hit = shard.previous.remove(at: index).value
                shard.hits += 1
                insert(hit, for: key, into: &shard)
                return result
            }
            shard.misses += 1
            return nil
        }
    }

    /// Stores `value` under `key` in shard `index`; the value is moved in, not copied (a copy of a
    /// class reference is a reference-count increment, and the caller's decrement after it).
    func store(_ value: consuming Value, for key: Key, shard index: Int) {
        var value = Optional(value)
        shards.withShard(index) { insert(value.take().unsafelyUnwrapped, for: key, into: &$0) }
    }

    /// Hits, misses and stored entries so far.
    var statistics: TextLayoutCacheStatistics {
        (0..<shards.count).reduce(into: TextLayoutCacheStatistics()) { total, index in
            shards.withShard(index) { state in
                total.hits += state.hits
                total.misses += state.misses
                total.count += state.current.count + state.previous.count
            }
        }
    }

    /// Drops every entry and zeroes the counters.
    func removeAll() {
        for index in 0..<shards.count { shards.withShard(index) { $0 = Shard() } }
    }

    private func insert(_ value: consuming Value, for key: Key, into shard: inout Shard) {
        if shard.current.count >= shardCapacity / 2 {
            shard.previous = shard.current
            shard.current = [:]
        }
        // A generation is filled up to half the shard's capacity: room for all of it at once
        // spares the dictionary its doublings (each one allocates and rehashes every entry).
        if shard.current.capacity == 0 { shard.current.reserveCapacity(shardCapacity / 2) }
        shard.current[key] = value
    }
}
