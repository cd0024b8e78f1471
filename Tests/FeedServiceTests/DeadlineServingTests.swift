@testable import FeedService
import FeedModel
import Hummingbird
import StoreTestSupport
import Synchronization
import Testing

/// A store that stops answering costs a request the service's deadline, answered 503 with a
/// generic detail, and the outage is logged once.
@Suite(.timeLimit(.minutes(1)))
struct DeadlineServingTests {
    static let slot = LayoutSlot(cellKind: "photo", sizeRange: .width(375), scale: 2)

    @Test func aCallPastTheDeadlineIsUnreachableAndItsWorkCancelled() async throws {
        let hanging = HangingServing()
        let store = DeadlineServing(store: hanging, deadline: .milliseconds(20), perRow: .zero)

        let error = await #expect(throws: StoreDeadlineExceeded.self) {
            _ = try await store.pageRows(after: nil, limit: 20, commentLimit: 2, slot: Self.slot)
        }

        #expect(StoreFailure(try #require(error)) == .unreachable(message: "the database did not answer within 0.02 seconds"))
        await hanging.untilCancelled()
        let problem = FeedAPI.problem(for: try #require(error))
        #expect(problem.status == 503 && problem.retryAfter == 1 && problem.detail == FeedAPI.unavailable)
    }

    @Test func anAnswerWithinTheDeadlineIsPassedOn() async throws {
        let store = DeadlineServing(store: HangingServing(answers: true), deadline: .seconds(60))

        let rows = try await store.itemRows(photoID: 7, commentLimit: 2, slot: Self.slot)
        try await store.ping()

        #expect(rows.page.items.isEmpty && rows.page.next == nil)
    }

    @Test func anOutageIsLoggedOnceAndItsEndOnce() {
        let recorder = LogRecorder()
        let outages = OutageLog(logger: recorder.logger())
        let failure = StoreDeadlineExceeded(deadline: .seconds(1))

        for _ in 0 ..< 3 { outages.record(failure, problem: FeedAPI.problem(for: failure)) }
        outages.recordSuccess()
        outages.recordSuccess()
        outages.record(FeedServiceTestError(), problem: .internalError("x"))

        #expect(recorder.records.map(\.level) == [.error, .notice])
        #expect(recorder.records.first?.message == "database unavailable: the database did not answer within 1.0 seconds")
    }
}

private struct FeedServiceTestError: Error {}

/// A store whose calls never return until cancelled (or, with `answers`, return at once empty).
private final class HangingServing: FeedServing {
    let answers: Bool
    private let cancelled = Mutex(false)

    init(answers: Bool = false) {
        self.answers = answers
    }

    func untilCancelled() async {
        while !cancelled.withLock({ $0 }) { await Task.yield() }
    }

    private func hang() async throws {
        guard !answers else { return }
        do {
            try await Task.sleep(for: .seconds(3_600))
        } catch {
            cancelled.withLock { $0 = true }
            throw error
        }
    }

    func pageRows(after cursor: FeedCursor?, limit: Int, commentLimit: Int, slot: LayoutSlot) async throws -> FeedRows {
        try await hang()
        return FeedRows(page: FeedPage(items: [], next: nil), comments: [:], layouts: [:])
    }

    func itemRows(photoID: Int64, commentLimit: Int, slot: LayoutSlot) async throws -> FeedRows {
        try await pageRows(after: nil, limit: 1, commentLimit: commentLimit, slot: slot)
    }

    func storeLayouts(_ entries: [(key: LayoutCacheKey, layout: CachedLayout)]) async throws { try await hang() }
    func countLayoutAccess(hits: Int, misses: Int) {}
    func ping() async throws { try await hang() }

    func servedLayoutCacheReport(engineVersion: Int) async throws -> LayoutCacheReport {
        try await hang()
        return LayoutCacheReport(entries: 0, stale: 0, hits: 0, misses: 0, engineVersion: engineVersion, sizeRanges: [])
    }
}
