/// A generation of whole values in a dictionary: any hashable key, any value (the cache's own
/// tests drive the turnover policy through it). A store replaces an existing entry, and room for a whole generation is reserved on its first store,
/// which spares the dictionary its doublings.
struct DictionaryGeneration<Key: Hashable & Sendable, Value: Sendable>: CacheGeneration {
    typealias Position = Dictionary<Key, Value>.Index
    typealias NewEntry = Value

    private var entries: [Key: Value] = [:]

    static var replacesExisting: Bool { true }

    init() {}

    static func following(_ full: borrowing Self, capacity: Int) -> Self { Self() }

    var count: Int { entries.count }

    @inline(__always)
    func position(of key: Key) -> Dictionary<Key, Value>.Index? { entries.index(forKey: key) }

    /// The value at `position`.
    @inline(__always)
    subscript(position: Dictionary<Key, Value>.Index) -> Value { entries.values[position] }

    mutating func insert(_ entry: consuming Value, for key: Key, capacity: Int) {
        if entries.capacity == 0 { entries.reserveCapacity(capacity) }
        entries[key] = entry
    }

    mutating func move(_ key: Key, at position: Dictionary<Key, Value>.Index, from older: inout Self, capacity: Int) {
        insert(older.entries.remove(at: position).value, for: key, capacity: capacity)
    }
}
