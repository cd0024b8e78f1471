/// How one generation of a ``GenerationalCache`` stores its entries: the cache's policy
/// parameter. The cache decides when generations turn over and counts hits; a generation finds,
/// stores and moves entries.
protocol CacheGeneration: Sendable {
    associatedtype Key: Hashable & Sendable
    /// Where an entry sits in the generation, valid until the generation changes.
    associatedtype Position
    /// What a store hands in.
    associatedtype NewEntry

    /// Whether storing a key the current generation holds replaces its entry (true) or keeps it
    /// (false, for entries that never change, so the first one stored is as good as any).
    static var replacesExisting: Bool { get }

    /// An empty generation that allocates nothing.
    init()

    /// A fresh current generation to take over from `full`, which is being retired.
    static func following(_ full: borrowing Self, capacity: Int) -> Self

    /// How many entries it holds.
    var count: Int { get }

    /// Where `key`'s entry sits, or `nil`.
    func position(of key: Key) -> Position?

    /// Stores `entry` under `key`; `capacity` is how many entries the generation will take.
    mutating func insert(_ entry: consuming NewEntry, for key: Key, capacity: Int)

    /// Moves `key`'s entry at `position` of `older` into this generation.
    mutating func move(_ key: Key, at position: Position, from older: inout Self, capacity: Int)
}
