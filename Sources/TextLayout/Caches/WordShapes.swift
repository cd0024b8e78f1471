/// A generation of shaped words: each word's advances and flags in two flat arrays, and a
/// dictionary from a word's key to its offset in them, so a generation is three allocations
/// however many words it holds. A store keeps an existing word (shaping is deterministic, so
/// another thread's copy is the same), and a generation taking over reserves what the full one
/// used.
struct WordShapes: CacheGeneration {
    /// A word's values to store: `key.count` advances and flags.
    struct Shape {
        let advances: UnsafePointer<Int32>
        let flags: UnsafePointer<UInt8>
    }

    typealias Position = Dictionary<WordKey, Int32>.Index
    typealias NewEntry = Shape

    private var offsets: [WordKey: Int32] = [:]
    private var advances: [Int32] = []
    private var flags: [UInt8] = []

    static var replacesExisting: Bool { false }

    init() {}

    static func following(_ full: borrowing Self, capacity: Int) -> Self {
        var next = Self()
        next.offsets.reserveCapacity(capacity)
        next.advances.reserveCapacity(full.advances.count)
        next.flags.reserveCapacity(full.advances.count)
        return next
    }

    var count: Int { offsets.count }

    @inline(__always)
    func position(of key: WordKey) -> Dictionary<WordKey, Int32>.Index? { offsets.index(forKey: key) }

    /// Copies the `count` values of the word at `position` into `advances` and `flags`.
    func copy(at position: Dictionary<WordKey, Int32>.Index, count: Int32, advances: UnsafeMutablePointer<Int32>,
              flags: UnsafeMutablePointer<UInt8>) {
        let offset = Int(offsets.values[position])
        self.advances.withUnsafeBufferPointer { advances.update(from: $0.baseAddress! + offset, count: Int(count)) }
        self.flags.withUnsafeBufferPointer { flags.update(from: $0.baseAddress! + offset, count: Int(count)) }
    }

    mutating func insert(_ shape: consuming Shape, for key: WordKey, capacity: Int) {
        let count = Int(key.count)
        offsets[key] = Int32(advances.count)
        advances.append(contentsOf: UnsafeBufferPointer(start: shape.advances, count: count))
        flags.append(contentsOf: UnsafeBufferPointer(start: shape.flags, count: count))
    }

    mutating func move(_ key: WordKey, at position: Dictionary<WordKey, Int32>.Index, from older: inout Self,
                       capacity: Int) {
        let offset = Int(older.offsets.remove(at: position).value)
        older.advances.withUnsafeBufferPointer { advances in
            older.flags.withUnsafeBufferPointer { flags in
                insert(Shape(advances: advances.baseAddress! + offset, flags: flags.baseAddress! + offset),
                       for: key, capacity: capacity)
            }
        }
    }
}
