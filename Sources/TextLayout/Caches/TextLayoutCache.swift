/// A thread-safe memo of text measurements keyed by ``TextLayoutKey``, partitioned by thread.
///
/// Each thread files and finds its measurements in its own partition (``ThreadNumber`` modulo the
/// partition count; threads share a partition only when more of them live at once than there are
/// partitions), so two cores never write the same table or lock, and a table's cache lines do not
/// move between cores on every lookup and store. The price: a text measured on one thread is
/// measured again the first time another thread asks for it, and a single thread keeps at most
/// about `capacity / partitionCount` measurements.
///
/// A ``GenerationalCache`` of ``MeasurementSlots`` with one shard per partition: bounded by two
/// generations per partition, recently used entries kept. Entries are filed under the key's
/// precomputed hash, so a probe compares integers only; the entry's full key is then checked
/// against the request (see ``MeasurementTable``). A hit for a text value measured before reads
/// a tag, one 128-byte entry and the result's lines array's reference count, and no character.
///
/// Hit and miss counts, over every partition, are kept for tests and benchmarks (``statistics``).
public final class TextLayoutCache: Sendable {
    private let storage: GenerationalCache<MeasurementSlots>

    /// A cache holding at most about `capacity` measurements (at least 16 per partition) in
    /// `partitionCount` partitions.
    public init(capacity: Int = 32_768, partitionCount: Int = 4) {
        storage = GenerationalCache(capacity: capacity, shardCount: partitionCount)
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
        storage.value(for: hash, shard: partition) { slots, position in
            slots.measurement(at: position, text: text, options: options, maxWidth: maxWidth, scale: scale)
        }
    }

    /// Stores a measurement.
    public func store(_ measurement: TextMeasurement, for key: consuming TextLayoutKey) {
        store(measurement, for: key, partition: currentPartition)
    }

    /// ``store(_:for:)`` into `partition`, the calling thread's.
    func store(_ measurement: TextMeasurement, for key: consuming TextLayoutKey, partition: Int) {
        let hash = key.precomputedHash
        storage.store(CachedMeasurement(key: key, measurement: measurement), for: hash, shard: partition)
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
