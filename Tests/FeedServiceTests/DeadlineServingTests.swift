@testable import FeedService
import FeedModel
import Hummingbird
import LayoutTestSupport
import StoreTestSupport
import Synchronization
import Testing

/// A store that stops answering costs a request the service's deadline, answered 503 with a
/// generic detail, and the outage is logged once.
// (5 minutes, as the other suites: a whole test run can keep both cooperative threads busy for
// more than a minute before these get one.)
@Suite(.timeLimit(minutes: 5))
struct DeadlineServingTests {
    static let slot = LayoutSlot(cellKind: "photo", sizeRange: .width(375), scale: 2)

    @Test func aCallPastTheDeadlineIsUnreachableAndItsWorkCancelled() async throws {
        let hanging = ScriptedServing(.hangs)
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
        let store = DeadlineServing(store: ScriptedServing(.answers), deadline: .seconds(60))

        let rows = try await store.itemRows(photoID: 7, commentLimit: 2, slot: Self.slot)
        try await store.ping()

        #expect(rows.page.items.isEmpty && rows.page.next == nil)
    }

    @Test func anOutageIsLoggedOnceAndItsEndOnce() {
        let recorder = LogRecorder()
        let outages = OutageLog(logger: recorder.logger())
        let failure = StoreDeadlineExceeded(deadline: .seconds(1))

        for _ in 0 ..< 3 { outages.record(failure) }
        outages.recordSuccess()
        outages.recordSuccess()
        outages.record(FeedServiceTestError())

        #expect(recorder.records.map(\.level) == [.error, .notice])
        #expect(recorder.records.first?.message == "database unavailable: the database did not answer within 1.0 seconds")
    }
}

private struct FeedServiceTestError: Error {}

/// A store whose calls answer at once (empty), hang until cancelled, or fail; it counts its pings.
private final class ScriptedServing: FeedServing {
    enum Behaviour { case answers, hangs, fails }

    let behaviour: Behaviour
    private let cancelled = Mutex(false)
    private let count = Mutex(0)
    var pings: Int { count.withLock { $0 } }

    init(_ behaviour: Behaviour) {
        self.behaviour = behaviour
    }

    func untilCancelled() async {
        while !cancelled.withLock({ $0 }) { await Task.yield() }
    }

    private func act() async throws {
        switch behaviour {
        case .answers:
            return
        case .fails:
            throw StoreDeadlineExceeded(deadline: .seconds(1))
        case .hangs:
            do {
                try await Task.sleep(for: .seconds(3_600))
            } catch {
                cancelled.withLock { $0 = true }
                throw error
            }
        }
    }

    func pageRows(after cursor: FeedCursor?, limit: Int, commentLimit: Int, slot: LayoutSlot) async throws -> FeedRows {
        try await act()
        return FeedRows(page: FeedPage(items: [], next: nil), comments: [:], layouts: [:])
    }

    func itemRows(photoID: Int64, commentLimit: Int, slot: LayoutSlot) async throws -> FeedRows {
        try await pageRows(after: nil, limit: 1, commentLimit: commentLimit, slot: slot)
    }

    func storeLayouts(_ entries: [(key: LayoutCacheKey, layout: CachedLayout)]) async throws { try await act() }
    func countLayoutAccess(hits: Int, misses: Int) {}

    func ping() async throws {
        count.withLock { $0 += 1 }
        try await act()
    }

    func servedLayoutCacheReport(engineVersion: Int) async throws -> LayoutCacheReport {
        try await act()
        return LayoutCacheReport(entries: 0, stale: 0, storedLayouts: 0, hits: 0, misses: 0, engineVersion: engineVersion,
                                 sizeRanges: [])
    }

    func servedJobCounts() async throws -> [JobStateCount] {
        try await act()
        return []
    }

    func servedWorkerCounts() async throws -> [SyncWorkerCounts] {
        try await act()
        return []
    }
}

/// `/healthz` reads the database at most every 250 ms while it answers, not at all while served
/// calls succeed, and on every probe while it does not answer.
@Suite struct HealthCheckTests {
    @Test func aRecentAnswerStandsAndAFailureIsNeverRemembered() async throws {
        let store = ScriptedServing(.answers)
        let fresh = HealthCheck(store: store, answers: DatabaseAnswers(), freshness: .seconds(3_600))
        try await fresh.check()
        try await fresh.check()
        #expect(store.pings == 1)

        let failing = ScriptedServing(.fails)
        let check = HealthCheck(store: failing, answers: DatabaseAnswers(), freshness: .seconds(3_600))
        for _ in 0 ..< 3 { await #expect(throws: StoreDeadlineExceeded.self) { try await check.check() } }
        #expect(failing.pings == 3)
    }

    @Test func aServedCallThatSucceededStandsForAnAnswer() async throws {
        let scripted = ScriptedServing(.answers)
        let store = DeadlineServing(store: scripted, deadline: .seconds(60))
        let check = HealthCheck(store: store, answers: store.answers, freshness: .seconds(3_600))

        _ = try await store.itemRows(photoID: 7, commentLimit: 2, slot: DeadlineServingTests.slot)
        try await check.check()

        #expect(scripted.pings == 0)
    }

    @Test func aFailedServedCallDoesNot() async throws {
        let failing = ScriptedServing(.fails)
        let store = DeadlineServing(store: failing, deadline: .seconds(60))
        let check = HealthCheck(store: store, answers: store.answers, freshness: .seconds(3_600))

        _ = try? await store.itemRows(photoID: 7, commentLimit: 2, slot: DeadlineServingTests.slot)
        await #expect(throws: StoreDeadlineExceeded.self) { try await check.check() }

        #expect(failing.pings == 1)
    }

    @Test func anAnswerStandsForItsFreshnessOnly() {
        let answers = DatabaseAnswers()
        let answered = ContinuousClock.now
        #expect(!answers.answered(within: .seconds(1), now: answered))
        answers.record(at: answered)
        #expect(answers.answered(within: .milliseconds(250), now: answered + .milliseconds(249)))
        #expect(!answers.answered(within: .milliseconds(250), now: answered + .milliseconds(250)))
    }
}
