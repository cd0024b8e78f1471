import Testing
@testable import TextLayout

/// The measurement cache's generation storage: entries found by hash and confirmed by their full
/// key, colliding hashes, entries moved out, and a block refilled.
@Suite struct MeasurementTableTests {
    /// An entry for `string` at width 100 whose measurement is one line `width` wide.
    private func entry(_ string: String, width: Double) -> CachedMeasurement {
        let line = TextLine(range: 0..<1, visibleRange: 0..<1, width: width, top: 0, baseline: 10,
                            metrics: LineMetrics(ascender: 10, descender: -3, lineGap: 0))
        return CachedMeasurement(key: key(string), measurement: TextMeasurement(lines: [line]))
    }

    private func key(_ string: String) -> TextLayoutKey {
        TextLayoutKey(text: AttributedText(string), options: .standard, maxWidth: 100, scale: 2)
    }

    /// The width of the measurement filed under `hash` when its entry answers `string`'s key.
    private func width(_ table: MeasurementTable, _ string: String, hash: UInt64) -> Double? {
        let key = key(string)
        guard let index = table.index(of: hash) else { return nil }
        return table.measurement(at: index, text: key.text, options: key.options, maxWidth: key.maxWidth,
                                 scale: key.scale)?.width
    }

    @Test func anEntryFillsTwoCacheLines() {
        #expect(MemoryLayout<CachedMeasurement>.stride == 128)
    }

    @Test func entriesAreFoundByHashAndConfirmedByTheirKey() {
        let table = MeasurementTable(capacity: 4)
        table.insert(entry("one", width: 1), hash: 0x1111_0000_0000_0003)
        table.insert(entry("two", width: 2), hash: 0x2222_0000_0000_0003)  // same home slot: probes on
        #expect(width(table, "one", hash: 0x1111_0000_0000_0003) == 1)
        #expect(width(table, "two", hash: 0x2222_0000_0000_0003) == 2)
        #expect(width(table, "one", hash: 0x2222_0000_0000_0003) == nil)  // another key: no answer
        #expect(table.index(of: 0x3333_0000_0000_0003) == nil)
        #expect(table.count == 2)
    }

    @Test func aCollidingHashTakesTheSlotOverAndTheOtherKeyMisses() {
        let table = MeasurementTable(capacity: 4)
        table.insert(entry("one", width: 1), hash: 42 << 20)
        table.insert(entry("two", width: 2), hash: 42 << 20)
        #expect(width(table, "one", hash: 42 << 20) == nil)
        #expect(width(table, "two", hash: 42 << 20) == 2)
        #expect(table.count == 1)
    }

    @Test func entriesAfterAMovedOneAreStillFound() {
        let table = MeasurementTable(capacity: 4)
        let hashes: [UInt64] = [0xA << 40 | 5, 0xB << 40 | 5, 0xC << 40 | 5]  // one probe chain
        for (i, hash) in hashes.enumerated() { table.insert(entry("e\(i)", width: Double(i)), hash: hash) }
        let moved = table.remove(at: table.index(of: hashes[1])!, hash: hashes[1])
        #expect(moved.text.string == "e1")
        #expect(table.count == 2)
        #expect(table.index(of: hashes[1]) == nil)
        #expect(width(table, "e2", hash: hashes[2]) == 2)
        #expect(width(table, "e0", hash: hashes[0]) == 0)
    }

    @Test func aBlockFilledByMovedEntriesIsRefilledWithTheLiveOnes() {
        var slots = MeasurementSlots()
        let keys = (0..<4).map { key("k\($0)") }
        for (i, key) in keys.enumerated() {
            slots.insert(CachedMeasurement(key: key, measurement: .empty), for: key.precomputedHash, capacity: 4)
            #expect(slots.count == i + 1)
        }
        var older = slots
        slots = MeasurementSlots()
        let position = older.position(of: keys[0].precomputedHash)!
        slots.move(keys[0].precomputedHash, at: position, from: &older, capacity: 4)
        #expect(older.count == 3)
        // The older block is full (four appended, one moved out); a store there starts a new block.
        let extra = key("k4")
        older.insert(CachedMeasurement(key: extra, measurement: .empty), for: extra.precomputedHash, capacity: 4)
        #expect(older.count == 4)
        for key in keys.dropFirst() + [extra] {
            let found = older.position(of: key.precomputedHash).flatMap {
                older.measurement(at: $0, text: key.text, options: key.options, maxWidth: key.maxWidth,
                                  scale: key.scale)
            }
            #expect(found == .empty)
        }
        #expect(slots.position(of: keys[0].precomputedHash) != nil)
    }
}
