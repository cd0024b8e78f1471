/// The text engine's one shared, thread-safe, bounded cache: sharded, with two generations per
/// shard, and the way a generation stores its entries as a parameter (``CacheGeneration``).
///
/// New entries go to a shard's current generation; when it holds ``generationCapacity``
/// entries (half the shard's capacity) it becomes the previous one and the old previous one is
/// dropped. A hit in the previous generation moves the entry back to the current one. That keeps
/// recently used entries at O(1) cost per operation without a linked list. The caller picks the
/// shard of each operation (the measurement cache: the calling thread's partition; the word
/// cache: the word's digest). Each shard has its own lock (a pthread mutex in ``CacheShards``,
/// which the thread sanitizer can see). Hits and misses are counted per shard.
///
/// Its users: ``TextLayoutCache`` (whole measurements inline in a block, ``MeasurementSlots``)
/// and ``WordShapeCache`` (words' advances and flags in flat arrays, ``WordShapes``).
/// ``DictionaryGeneration`` is the plainest policy, a dictionary of values.
final class GenerationalCache<Generation: CacheGeneration>: Sendable {
    private let shards: CacheShards<Shard>
    /// How many entries a generation takes before it is retired.
    let generationCapacity: Int

    private struct Shard: Sendable {
        var current = Generation()
        var previous = Generation()
        var hits = 0
        var misses = 0
    }

    /// A cache holding at most about `capacity` entries (at least 16 per shard) in `shardCount`
    /// shards.
    init(capacity: Int, shardCount: Int) {
        let shardCount = max(1, shardCount)
        generationCapacity = max(16, capacity / shardCount) / 2
        shards = CacheShards(count: shardCount) { Shard() }
    }

    /// How many shards there are.
    var shardCount: Int { shards.count }

    /// The shard a well-mixed hash picks.
    @inline(__always)
    func shard(for hash: UInt64) -> Int { shards.index(for: hash) }

    /// What `read` makes of the entry stored under `key` in shard `index` (below ``shardCount``),
    /// counting a hit when it makes something and a miss otherwise (or neither, when `counting`
    /// is false: lookups that only check). `read` gets the generation holding the entry and its
    /// position, under the shard's lock, so it can confirm the full identity of an entry filed
    /// under a hash and copy out only the part it needs, without copying the whole entry.
    @inline(__always)
    func value<Result>(for key: Generation.Key, shard index: Int, counting: Bool = true,
                       _ read: (borrowing Generation, Generation.Position) -> Result?) -> Result? {
        shards.withShard(index) { shard in
            let count = counting ? 1 : 0
            if let position = shard.current.position(of: key), let result = read(shard.current, position) {
                shard.hits += count
                return result
            }
            if let position = shard.previous.position(of: key), let result = read(shard.previous, position) {
                shard.hits += count
                promote(key, at: position, in: &shard)
                return result
            }
            shard.misses += count
            return nil
        }
    }

    /// Stores `entry` under `key` in shard `index`; the entry is moved in, not copied. When the
    /// key is already stored, the generation's policy decides
    /// (``CacheGeneration/replacesExisting``).
    func store(_ entry: consuming Generation.NewEntry, for key: Generation.Key, shard index: Int) {
        var entry = Optional(entry)
        shards.withShard(index) { shard in
            if !Generation.replacesExisting, shard.current.position(of: key) != nil { return }
            if shard.current.count >= generationCapacity { retire(&shard) }
            shard.current.insert(entry.take().unsafelyUnwrapped, for: key, capacity: generationCapacity)
        }
    }

    /// Adds `count` hits found elsewhere (a thread's own cache in front of this one) to shard
    /// `index`'s count.
    func countHits(_ count: Int, shard index: Int) {
        shards.withShard(index) { $0.hits += count }
    }

    /// Hits, misses and stored entries so far.
    var statistics: TextLayoutCacheStatistics {
        (0..<shards.count).reduce(into: TextLayoutCacheStatistics()) { total, index in
            shards.withShard(index) { shard in
                total.hits += shard.hits
                total.misses += shard.misses
                total.count += shard.current.count + shard.previous.count
            }
        }
    }

    /// Drops every entry and zeroes the counters.
    func removeAll() {
        for index in 0..<shards.count { shards.withShard(index) { $0 = Shard() } }
    }

    /// Makes the current generation the previous one, dropping the old previous one.
    private func retire(_ shard: inout Shard) {
        let next = Generation.following(shard.current, capacity: generationCapacity)
        shard.previous = shard.current
        shard.current = next
    }

    /// Moves the entry at `position` of the previous generation into the current one.
    private func promote(_ key: Generation.Key, at position: Generation.Position, in shard: inout Shard) {
        if shard.current.count >= generationCapacity {
            var older = Generation()
            swap(&older, &shard.previous)
            retire(&shard)
            shard.current.move(key, at: position, from: &older, capacity: generationCapacity)
        } else {
            shard.current.move(key, at: position, from: &shard.previous, capacity: generationCapacity)
        }
    }
}
