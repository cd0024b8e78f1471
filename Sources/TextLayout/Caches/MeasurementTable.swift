import CPrefetch

/// The storage of one ``MeasurementSlots`` generation: ``CachedMeasurement``s stored inline in
/// one block, in the order they were stored, found through an open-addressed table of 64-bit
/// tags.
///
/// A tag packs the high bits of the request's precomputed hash with the entry's index in the
/// block (plus 2; 0 marks an empty slot, 1 a slot whose entry was moved out). The tag table has
/// at least twice as many slots as the block has entries, so probes are short, and it is small
/// (8 bytes a slot) where a dictionary's keys and values would be two arrays and each entry an
/// object of its own. A hit reads one tag, then one 128-byte-aligned entry; entries stored one
/// after another (the texts of one cell, a feed measured in order) sit side by side in memory.
///
/// A tag matching the high bits of a hash does not make a hit: the caller compares the entry's
/// full key. Two requests whose hashes agree in those bits take turns in one entry (the later
/// store replaces it), which costs a miss, never a wrong answer.
///
/// Not thread-safe: the ``GenerationalCache`` reaches it only under its shard's lock.
final class MeasurementTable {
    /// How many entries the block holds.
    let capacity: Int
    /// The tag table's slot count minus one (a power of two minus one).
    private let mask: Int
    /// The low bits of a tag that hold the entry's index plus 2.
    private let indexMask: UInt64
    private let tags: UnsafeMutablePointer<UInt64>
    private let entries: UnsafeMutablePointer<CachedMeasurement>
    /// Entries in the block that no move has taken out.
    private(set) var count = 0
    /// Entries appended to the block so far, moved out or not: the next entry's index.
    private var used = 0

    /// An empty table with room for `capacity` entries (at least one).
    init(capacity: Int) {
        self.capacity = max(1, capacity)
        // The smallest power of two of at least twice the capacity (and at least 8).
        let slots = max(8, 1 << (Int.bitWidth - (2 * self.capacity - 1).leadingZeroBitCount))
        mask = slots - 1
        // The largest tag index, `capacity + 1`, fits in the low bits.
        indexMask = (1 << UInt64(Int.bitWidth - (self.capacity + 1).leadingZeroBitCount)) - 1
        tags = .allocate(capacity: slots)
        tags.initialize(repeating: 0, count: slots)
        entries = UnsafeMutableRawPointer
            .allocate(byteCount: self.capacity * MemoryLayout<CachedMeasurement>.stride, alignment: 128)
            .bindMemory(to: CachedMeasurement.self, capacity: self.capacity)
    }

    deinit {
        for slot in 0...mask {
            let index = tags[slot] & indexMask
            if index >= 2 { (entries + Int(index - 2)).deinitialize(count: 1) }
        }
        tags.deallocate()
        UnsafeMutableRawPointer(entries).deallocate()
    }

    /// Whether the block has no room for another new entry (moved-out entries still take room).
    var isFull: Bool { used == capacity }

    /// The index of the entry filed under `hash`, or `nil`.
    @inline(__always)
    func index(of hash: UInt64) -> Int? {
        let high = hash & ~indexMask
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let tag = tags[slot]
            let index = tag & indexMask
            if index == 0 { return nil }
            if index >= 2, tag & ~indexMask == high { return Int(truncatingIfNeeded: index - 2) }
            slot = (slot + 1) & mask
        }
    }

    /// The measurement at `index` when its entry answers the request, else `nil`. The fields are
    /// compared in place, cheapest first; the text by identity when the request's string and runs
    /// are the stored ones (the entry keeps them alive, so their addresses cannot be reused), by
    /// bytes otherwise.
    @inline(__always)
    func measurement(at index: Int, text: AttributedText, options: TextLayoutOptions, maxWidth: Double,
                     scale: Double) -> TextMeasurement? {
        let entry = entries + index
        guard entry.pointee.maxWidth == maxWidth, entry.pointee.scale == scale, entry.pointee.options == options,
              entry.pointee.text == text else { return nil }
        if index + 1 < used { prefetchLines(of: entry + 1) }
        return entry.pointee.measurement
    }

    /// Has the core fetch the header of the lines array of `entry` (the one stored after a hit),
    /// which its caller retains if it is asked for next. Texts are often measured again in the
    /// order they were first measured (the labels of a cell, the cells of a page, a relayout
    /// pass), and their entries sit in that order; the entries themselves are adjacent, but each
    /// lines array is an object of its own elsewhere, whose reference count a hit must write. The
    /// entry's bytes are read raw, without retaining the array: a moved-out entry's stale bits are
    /// only a useless hint.
    @inline(__always)
    private func prefetchLines(of entry: UnsafeMutablePointer<CachedMeasurement>) {
        let bits = UnsafeRawPointer(entry).load(fromByteOffset: Self.linesOffset, as: UInt.self)
        if let header = UnsafeRawPointer(bitPattern: bits) { photofeed_prefetch(header) }
    }

    /// Where an entry keeps its lines array's reference (an array is one reference to its buffer).
    private static let linesOffset = MemoryLayout<CachedMeasurement>.offset(of: \.measurement)!
        + MemoryLayout<TextMeasurement>.offset(of: \.lines)!

    /// Files `entry` under `hash`, replacing the entry already filed under it. A new entry needs
    /// room (``isFull`` false).
    func insert(_ entry: consuming CachedMeasurement, hash: UInt64) {
        if let index = index(of: hash) {
            (entries + index).pointee = entry
            return
        }
        precondition(used < capacity, "MeasurementTable: no room for another entry")
        var slot = Int(truncatingIfNeeded: hash) & mask
        while tags[slot] & indexMask >= 2 { slot = (slot + 1) & mask }
        (entries + used).initialize(to: entry)
        tags[slot] = hash & ~indexMask | UInt64(used + 2)
        used += 1
        count += 1
    }

    /// Takes the entry at `index`, filed under `hash`, out of the table.
    func remove(at index: Int, hash: UInt64) -> CachedMeasurement {
        let tag = hash & ~indexMask | UInt64(index + 2)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while tags[slot] != tag { slot = (slot + 1) & mask }
        tags[slot] = 1
        count -= 1
        return (entries + index).move()
    }

    /// A table with room for `capacity` entries (at least ``count`` plus one) holding this one's
    /// entries, each filed again under its key's hash (recomputed from the entry's own key); they
    /// are moved out of this one.
    func compacted(capacity: Int) -> MeasurementTable {
        let next = MeasurementTable(capacity: max(capacity, count + 1))
        for slot in 0...mask {
            let index = tags[slot] & indexMask
            guard index >= 2 else { continue }
            tags[slot] = 1
            count -= 1
            let entry = (entries + Int(index - 2)).move()
            let hash = TextLayoutKey.hash(text: entry.text, options: entry.options, maxWidth: entry.maxWidth,
                                          scale: entry.scale)
            next.insert(entry, hash: UInt64(bitPattern: Int64(hash)))
        }
        return next
    }
}
