/// A generation of the measurement cache (``TextLayoutCache``): entries filed under their key's
/// precomputed hash in a ``MeasurementTable``, allocated on the first store. A store replaces an
/// entry filed under the same hash.
///
/// Copies share one table (it is a reference): the ``GenerationalCache`` moves generations
/// between its slots and never uses two copies of one.
///
/// `@unchecked Sendable`: the table is reached only under the cache shard's lock.
struct MeasurementSlots: CacheGeneration, @unchecked Sendable {
    typealias Key = Int
    typealias Position = Int
    typealias NewEntry = CachedMeasurement

    private var table: MeasurementTable?

    static var replacesExisting: Bool { true }

    init() {}

    static func following(_ full: borrowing Self, capacity: Int) -> Self { Self() }

    var count: Int { table?.count ?? 0 }

    @inline(__always)
    func position(of key: Int) -> Int? { table?.index(of: UInt64(bitPattern: Int64(key))) }

    /// The measurement at `position` when its entry answers the request, else `nil`.
    @inline(__always)
    func measurement(at position: Int, text: AttributedText, options: TextLayoutOptions, maxWidth: Double,
                     scale: Double) -> TextMeasurement? {
        table.unsafelyUnwrapped.measurement(at: position, text: text, options: options, maxWidth: maxWidth,
                                            scale: scale)
    }

    mutating func insert(_ entry: consuming CachedMeasurement, for key: Int, capacity: Int) {
        let hash = UInt64(bitPattern: Int64(key))
        guard let table else {
            let table = MeasurementTable(capacity: capacity)
            table.insert(entry, hash: hash)
            self.table = table
            return
        }
        if table.isFull, table.index(of: hash) == nil {
            // Only entries moved out of a table can fill it below its capacity; start a new block.
            let next = table.compacted(capacity: capacity)
            next.insert(entry, hash: hash)
            self.table = next
            return
        }
        table.insert(entry, hash: hash)
    }

    mutating func move(_ key: Int, at position: Int, from older: inout Self, capacity: Int) {
        let entry = older.table.unsafelyUnwrapped.remove(at: position, hash: UInt64(bitPattern: Int64(key)))
        insert(entry, for: key, capacity: capacity)
    }
}
