import CHarfBuzz
import Testing
@testable import TextLayout

/// A thread's word cache counts its hits in the shared cache they were found for, and only there.
@Suite struct ThreadWordCacheTests {
    /// Stores `word` for `cache` in this thread's cache and finds it there `times` times.
    private static func hit(_ word: String, of cache: WordShapeCache, times: Int) {
        let bytes = Array(word.utf8)
        let key = bytes.withUnsafeBufferPointer { WordKey($0, weight: .regular, script: HB_SCRIPT_LATIN.rawValue) }
        var advances = [Int32](repeating: 7, count: bytes.count)
        var flags = [UInt8](repeating: 1, count: bytes.count)
        let thread = ThreadWordCache.current
        thread.store(key, of: cache.borrowed, advances: &advances, flags: &flags)
        for _ in 0..<times {
            #expect(thread.copyWord(for: key, of: cache.borrowed, advances: &advances, flags: &flags))
        }
    }

    @Test func hitsAreCountedInTheirCacheWhenFlushed() {
        let cache = WordShapeCache()
        Self.hit("sunset ", of: cache, times: 3)
        #expect(cache.statistics.hits == 0)  // pending until the text is done
        ThreadWordCache.current.flushHits(to: cache.borrowed)
        #expect(cache.statistics == TextLayoutCacheStatistics(hits: 3, misses: 0, count: 0))
        ThreadWordCache.current.flushHits(to: cache.borrowed)
        #expect(cache.statistics.hits == 3)  // flushed once
    }

    /// Hits a thread left pending for one cache (shaped without a flush) are never counted by the
    /// next measurement on that thread for another cache.
    @Test func hitsLeftUnflushedForOneCacheAreNeverCountedInAnother() {
        let forgotten = WordShapeCache(), measured = WordShapeCache()
        Self.hit("sunset ", of: forgotten, times: 5)
        Self.hit("beach ", of: measured, times: 2)
        ThreadWordCache.current.flushHits(to: measured.borrowed)
        #expect(measured.statistics.hits == 2)
        Self.hit("sunset ", of: forgotten, times: 1)
        ThreadWordCache.current.flushHits(to: measured.borrowed)  // not its hit
        #expect(measured.statistics.hits == 2)
        #expect(forgotten.statistics.hits == 0)
    }
}
