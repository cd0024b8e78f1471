import Foundation
import LayoutTestSupport
import Testing

/// `photofeed changes` on both stores (generated photos have ids from 1,000,000,001; a like bumps
/// the photo's content version through the schema's trigger): the same changes print the same events, each photo's latest
/// change once, from `--since`, in JSON and in text; a pruned position is a reset.
@Suite("photofeed changes on SQLite and PostgreSQL", .blockingWork, .timeLimit(minutes: 10))
struct ChangesCommandTests {
    @Test func theSameChangesPrintTheSameEvents() async throws {
        let stores = try BothStores()
        await SameOutputTests.same(["seed", "--generate", "30"], on: stores)
        try stores.execute("UPDATE photo SET likes = likes + 1 WHERE id IN (1000000003, 1000000005)")
        try stores.execute("UPDATE photo SET likes = likes + 1 WHERE id = 1000000003")

        let all = await SameOutputTests.same(["changes", "--width", "375", "--scale", "3", "--format", "json"],
                                             on: stores)
        let events = try all.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(events.map { $0["id"] as? Int } == [2, 3])
        #expect(events.map { $0["event"] as? String } == ["cell", "cell"])
        #expect(events.map { ($0["item"] as? [String: Any])?["photoId"] as? Int } == [1_000_000_005, 1_000_000_003])

        let since = await SameOutputTests.same(["changes", "--width", "375", "--since", "2"], on: stores)
        #expect(since.count == 1 && since[0].hasPrefix("3  photo 1000000003  @"))
        #expect(await SameOutputTests.same(["changes", "--width", "375", "--since", "3"], on: stores) == [])
        let one = await SameOutputTests.same(["changes", "--width", "375", "--photo", "1000000005"], on: stores)
        #expect(one.count == 1 && one[0].hasPrefix("2  photo 1000000005  @"))
    }

    @Test func aPositionTheLogNoLongerHoldsIsAReset() async throws {
        let stores = try BothStores()
        await SameOutputTests.same(["seed", "--generate", "10"], on: stores)
        try stores.execute("UPDATE photo SET content_version = content_version + 1 WHERE id IN (1000000001, 1000000002, 1000000003)")
        try stores.execute("DELETE FROM change_log WHERE seq < 3")

        let lines = await SameOutputTests.same(["changes", "--width", "375", "--since", "1"], on: stores)
        // (A reset puts the reader at the head: the feed it refetches holds change 3 too.)
        #expect(lines == ["3  reset: changes before this one are no longer kept; refetch the feed"])
        #expect(await SameOutputTests.same(["changes", "--width", "375", "--since", "2"], on: stores).count == 1)
        let json = await SameOutputTests.same(["changes", "--width", "375", "--since", "1", "--format", "json"],
                                              on: stores)
        #expect(json.first == "{\"id\":3,\"event\":\"reset\"}")
    }
}
