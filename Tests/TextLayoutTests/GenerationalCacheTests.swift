import CHarfBuzz
import Testing
@testable import TextLayout

/// The one shared cache type under both of its generation policies: turnover at half a shard's
/// capacity, a previous-generation hit moved back, and what a repeated store does.
@Suite struct GenerationalCacheTests {
    private typealias Values = GenerationalCache<DictionaryGeneration<Int, String>>

    private func lookup(_ cache: Values, _ key: Int) -> String? {
        cache.value(for: key, shard: 0) { entries, position in entries[position] }
    }

    @Test func aGenerationTurnsOverAtHalfTheShardsCapacity() {
        // Given one shard of 32: generations of 16
        let cache = Values(capacity: 32, shardCount: 1)
        #expect(cache.generationCapacity == 16)
        // When 40 keys are stored: 0–15 retired, dropped when 16–31 were retired in turn
        for key in 0..<40 { cache.store("v\(key)", for: key, shard: 0) }
        // Then 16–31 (previous) and 32–39 (current) remain
        #expect(cache.statistics.count == 24)
        #expect(lookup(cache, 15) == nil)
        #expect(lookup(cache, 16) == "v16")
        #expect(lookup(cache, 39) == "v39")
        #expect(cache.statistics.hits == 2)
        #expect(cache.statistics.misses == 1)
    }

    @Test func aHitInThePreviousGenerationSurvivesTheNextTurnover() {
        let cache = Values(capacity: 32, shardCount: 1)
        for key in 0..<16 { cache.store("v\(key)", for: key, shard: 0) }
        cache.store("v16", for: 16, shard: 0)  // 0–15 are now the previous generation
        #expect(lookup(cache, 3) == "v3")  // moved back to the current one
        for key in 17..<31 { cache.store("v\(key)", for: key, shard: 0) }  // current full: 16, 3, 17–30
        cache.store("v31", for: 31, shard: 0)  // turnover: 0–15 but 3 are dropped
        #expect(lookup(cache, 3) == "v3")
        #expect(lookup(cache, 4) == nil)
    }

    @Test func aLookupThatOnlyChecksCountsNothing() {
        let cache = Values(capacity: 32, shardCount: 1)
        cache.store("v", for: 1, shard: 0)
        _ = cache.value(for: 1, shard: 0, counting: false) { entries, position in entries[position] }
        _ = cache.value(for: 2, shard: 0, counting: false) { entries, position in entries[position] }
        #expect(cache.statistics == TextLayoutCacheStatistics(hits: 0, misses: 0, count: 1))
    }

    @Test func dictionaryEntriesAreReplacedAndWordsKept() {
        // Measurements: the later store wins
        let values = Values(capacity: 32, shardCount: 1)
        values.store("first", for: 1, shard: 0)
        values.store("second", for: 1, shard: 0)
        #expect(lookup(values, 1) == "second")
        // Words: the first shape stored stays (shaping is deterministic)
        let words = WordShapeCache(capacity: 32, shardCount: 1)
        let bytes = Array("sun ".utf8)
        let key = bytes.withUnsafeBufferPointer { WordKey($0, weight: .regular, script: HB_SCRIPT_LATIN.rawValue) }
        let flags = [UInt8](repeating: 1, count: bytes.count)
        words.store(key, advances: [Int32](repeating: 7, count: bytes.count), flags: flags)
        words.store(key, advances: [Int32](repeating: 9, count: bytes.count), flags: flags)
        var advances = [Int32](repeating: 0, count: bytes.count)
        var copied = [UInt8](repeating: 0, count: bytes.count)
        #expect(words.copyWord(for: key, advances: &advances, flags: &copied))
        #expect(advances == [7, 7, 7, 7])
        #expect(copied == flags)
        #expect(words.statistics.count == 1)
    }

    @Test func wordsMovedBackFromThePreviousGenerationKeepTheirValues() {
        // One shard of 32: generations of 16 words
        let words = WordShapeCache(capacity: 32, shardCount: 1)
        func key(_ word: [UInt8]) -> WordKey {
            word.withUnsafeBufferPointer { WordKey($0, weight: .regular, script: HB_SCRIPT_LATIN.rawValue) }
        }
        for index in 0..<17 {
            let word = Array("w\(index) ".utf8)
            let advances = word.indices.map { Int32(index * 10 + $0) }
            words.store(key(word), advances: advances, flags: [UInt8](repeating: 1, count: word.count))
        }
        // "w2 " is in the previous generation; a hit moves it back with the same values
        let word = Array("w2 ".utf8)
        var advances = [Int32](repeating: 0, count: word.count)
        var flags = [UInt8](repeating: 0, count: word.count)
        for _ in 0..<2 {
            #expect(words.copyWord(for: key(word), advances: &advances, flags: &flags))
            #expect(advances == [20, 21, 22])
        }
        #expect(words.statistics == TextLayoutCacheStatistics(hits: 2, misses: 0, count: 17))
    }
}
