/// A thread-safe memo of text measurements keyed by ``TextLayoutKey``, partitioned by thread.
///
/// Each thread files and finds its measurements in its own partition (``ThreadNumber`` modulo the
/// partition count; threads share a partition only when more of them live at once than there are
/// partitions), so two cores never write the same table or lock, and a table's cache lines do not
/// move between cores on every lookup and store. The price: a text measured on one thread is
/// measured again the first time another thread asks for it, and a single thread keeps at most
/// about `capacity / partitionCount` measurements.
///
/// A ``GenerationalCache`` of ``DictionaryGeneration``s with one shard per partition: bounded by
/// two generations per partition, recently used entries kept.
///
/// Hit and miss counts, over every partition, are kept for tests and benchmarks (``statistics``).
public final class TextLayoutCache: Sendable {
    /// Entries are filed under the key's precomputed hash, so a probe compares integers only; the
    /// entry's full key is then checked against the request. Two keys with the same 64-bit hash
    /// take turns in one slot (the later store wins), which costs a miss, never a wrong answer.
    private let storage: GenerationalCache<DictionaryGeneration<PrecomputedHash, Entry>>

    /// A cache holding at most about `capacity` measurements (at least 16 per partition) in
    /// `partitionCount` partitions.
    public init(capacity: Int = 32_768, partitionCount: Int = 4) {
        storage = GenerationalCache(capacity: capacity, shardCount: partitionCount)
    }

    /// A stored measurement with the key it answers. A class, so that a lookup copies one
    /// reference out of the dictionary rather than the key's strings and arrays (a retain and a
    /// release each); it is immutable.
    final class Entry: Sendable {
        let key: TextLayoutKey
        let measurement: TextMeasurement

        init(key: consuming TextLayoutKey, measurement: TextMeasurement) {
            self.key = key
            self.measurement = measurement
        }
    }

    /// The stored measurement for `key`, counting a hit or a miss.
    public func measurement(for key: TextLayoutKey) -> TextMeasurement? {
        measurement(hash: key.precomputedHash, text: key.text, options: key.options, maxWidth: key.maxWidth,
                    scale: key.scale, partition: currentPartition)
    }

    /// The lookup without building a key: on a hit for the same text value, nothing but the
    /// stored entry is read (building a key would retain the caller's string and runs, two
    /// memory accesses to objects that are usually cold).
    /// `partition` is the calling thread's (``currentPartition``), looked up once by a caller
    /// that stores after a miss.
    func measurement(hash: Int, text: AttributedText, options: TextLayoutOptions, maxWidth: Double, scale: Double,
                     partition: Int) -> TextMeasurement? {
        storage.value(for: PrecomputedHash(hash), shard: partition) { entries, position in
            let entry = entries[position]
            return entry.key.matches(text: text, options: options, maxWidth: maxWidth, scale: scale)
                ? entry.measurement : nil
        }
    }

    /// Stores a measurement.
    public func store(_ measurement: TextMeasurement, for key: consuming TextLayoutKey) {
        store(measurement, for: key, partition: currentPartition)
    }

    /// ``store(_:for:)`` into `partition`, the calling thread's.
    func store(_ measurement: TextMeasurement, for key: consuming TextLayoutKey, partition: Int) {
        let hash = key.precomputedHash
        storage.store(Entry(key: key, measurement: measurement), for: PrecomputedHash(hash), shard: partition)
    }

    /// The calling thread's partition. Thread numbers are dense, so most are below the count and
    /// need no division.
    var currentPartition: Int {
        let number = ThreadNumber.current, count = storage.shardCount
        return number < count ? number : number % count
    }

    /// How many partitions there are.
    public var partitionCount: Int { storage.shardCount }

    /// Hits, misses and stored entries so far.
    public var statistics: TextLayoutCacheStatistics { storage.statistics }

    /// Drops every entry and zeroes the counters.
    public func removeAll() {
        storage.removeAll()
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

/// A dictionary key that is already a well-mixed 64-bit hash (``TextLayoutKey``'s).
///
/// `_rawHashValue(seed:)` is Swift's customisation point for the value a `Dictionary` buckets by:
/// mixing the stored hash with the table's seed here skips running `Hasher` (SipHash) over it on
/// every probe. Equality stays exact.
struct PrecomputedHash: Hashable, Sendable {
    let value: Int

    @inline(__always)
    init(_ value: Int) {
        self.value = value
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(value)
    }

    @inline(__always)
    func _rawHashValue(seed: Int) -> Int {
        Int(truncatingIfNeeded: ByteHash.mix(UInt64(UInt(bitPattern: value ^ seed))))
    }
}
