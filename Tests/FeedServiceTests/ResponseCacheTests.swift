@testable import FeedService
import Hummingbird
import Testing

/// The response cache keeps bodies within its byte budget, least recently used out first, and
/// never keeps a body too large for it.
@Suite struct ResponseCacheTests {
    static func entry(bytes: Int, version: Int64 = 1) -> ResponseCache.Entry {
        let body = [UInt8](repeating: UInt8(ascii: "x"), count: bytes)
        return ResponseCache.Entry(version: version, body: ByteBuffer(bytes: body),
                                   tag: EntityTag(body: body, engineVersion: 3), contentType: "application/json",
                                   cacheControl: "no-cache")
    }

    static func key(_ photoID: Int64) -> ResponseCache.Key {
        .photo(photoID, FeedQuery(width: 375, scale: 2, limit: 20, after: nil))
    }

    @Test func theLeastRecentlyUsedLeaveFirstWithinTheBudget() {
        let cache = ResponseCache(byteBudget: 16_000)  // bodies up to 1,000 bytes
        for id in Int64(1) ... 16 { cache.store(Self.entry(bytes: 1_000), for: Self.key(id)) }
        _ = cache.entry(Self.key(1), version: 1)  // 1 is now the most recent; 2 the least

        cache.store(Self.entry(bytes: 1_000), for: Self.key(17))

        #expect(cache.usage.entries == 16 && cache.usage.bytes == 16_000)
        #expect(cache.entry(Self.key(1), version: 1) != nil)
        #expect(cache.entry(Self.key(2), version: 1) == nil)
        #expect(cache.entry(Self.key(17), version: 1) != nil)
    }

    @Test func aBodyOverASixteenthOfTheBudgetIsNotKept() {
        let cache = ResponseCache(byteBudget: 16_000)
        cache.store(Self.entry(bytes: 1_000), for: Self.key(1))

        cache.store(Self.entry(bytes: 1_001), for: Self.key(2))

        #expect(cache.entry(Self.key(2), version: 1) == nil)
        #expect(cache.usage.entries == 1 && cache.usage.bytes == 1_000)
    }

    @Test func replacingAnEntryCountsItsBytesOnce() {
        let cache = ResponseCache(byteBudget: 16_000)
        cache.store(Self.entry(bytes: 800), for: Self.key(1))

        cache.store(Self.entry(bytes: 500, version: 2), for: Self.key(1))

        #expect(cache.usage.bytes == 500)
        #expect(cache.entry(Self.key(1), version: 1) == nil && cache.entry(Self.key(1), version: 2) != nil)
    }
}
