import FeedModel
@_spi(SQLiteAccess) import FeedStore
import FeedSync
import Foundation
import GRDB
import Synchronization
import LayoutTestSupport
import Testing

/// Readers on their own connections (as another process would have) while the worker writes:
/// no errors, and never a completion half applied.
@Suite(.blockingWork, .timeLimit(minutes: 10)) struct ConcurrentReaderTests {
    /// Rows that contradict each other: an asset's state and its job's state disagree, or a
    /// photo's content version is not 1 + one bump per asset that left `pending` and one for its
    /// comments loaded.
    static let contradictions = """
        SELECT
          (SELECT COUNT(*) FROM photo p JOIN sync_job j ON j.kind = 'image' AND j.target_id = p.id
            WHERE (p.image_state = 'pending') != (j.state IN ('pending', 'running')))
        + (SELECT COUNT(*) FROM user u JOIN sync_job j ON j.kind = 'avatar' AND j.target_id = u.id
            WHERE (u.avatar_state = 'pending') != (j.state IN ('pending', 'running')))
        + (SELECT COUNT(*) FROM location l JOIN sync_job j ON j.kind = 'geocode' AND j.target_id = l.id
            WHERE (l.geocode_state = 'pending') != (j.state IN ('pending', 'running')))
        + (SELECT COUNT(*) FROM photo p JOIN sync_job j ON j.kind = 'comment-feed' AND j.target_id = p.id
            WHERE p.comments_loaded != (j.state = 'done'))
        + (SELECT COUNT(*) FROM photo p JOIN user u ON u.id = p.owner_id LEFT JOIN location l ON l.id = p.location_id
            WHERE p.content_version != 1 + (p.image_state != 'pending') + (u.avatar_state != 'pending')
                                         + COALESCE(l.geocode_state != 'pending', 0) + p.comments_loaded)
        """

    /// What a reader thread saw, for the test's own thread to assert on.
    struct ReaderOutcome: Sendable {
        var reads = 0
        /// Reads that saw contradicting rows (a completion half applied).
        var halfApplied = 0
        /// Feed pages with other than 20 items.
        var shortPages = 0
    }

    @Test func readersSeeWholeCompletionsOnlyAndNeverFail() async throws {
        let writerStore = try SyncFixture.seededStore(file: true, users: 7, photos: 150)
        let path = writerStore.writer.path
        let done = StopFlag()
        let handshake = ReaderHandshake()
        let readers = (0 ..< 2).map { _ in
            // Threads of their own: a reader polls without pause, and the cooperative pool
            // (two threads on a small machine) must stay free for the worker.
            onThread { () throws -> ReaderOutcome in
                let store = try FeedStore(path: path, migrationsDirectory: SyncFixture.migrationsDirectory)
                var outcome = ReaderOutcome()
                var answered = 0
                while !done.isSet || outcome.reads == 0 {
                    let request = handshake.current
                    let (bad, finished) = try store.writer.read { db in
                        (try Int.fetchOne(db, sql: Self.contradictions) ?? -1,
                         try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sync_job WHERE state = 'done'") ?? 0)
                    }
                    if bad != 0 { outcome.halfApplied += 1 }
                    if try store.feedPage(limit: 20).items.count != 20 { outcome.shortPages += 1 }
                    outcome.reads += 1
                    if request > answered {
                        answered = request
                        handshake.answer(request, doneCount: finished)
                    }
                }
                return outcome
            }
        }
        defer { done.set() }
        // Given both readers reading before the worker starts
        let started = try await onThread { handshake.request(1, readers: 2) }.value
        try #require(started, "both readers answered before the worker started")
        #expect(handshake.answers(to: 1) == [0, 0], "each reader read the database before the first completion")
        // When the worker runs, pausing right after its 100th commit until both readers read again
        var configuration = SyncWorker.Configuration(simulation: SyncDeterminismTests.simulation, seed: 4,
                                                     batchSize: 1)
        configuration.faultInjection = { point in
            // Blocks one pool thread for as long as the readers (on threads of their own) take
            // to read once.
            if point == .afterCommit(batch: 100) { _ = handshake.request(2, readers: 2) }
        }
        let worker = SyncWorker(store: writerStore, relayouter: RecordingRelayouter(), clock: VirtualClock(),
                                configuration: configuration)
        let report = try await worker.run(until: .idle)
        done.set()
        // Then every reader read whole completions only, before, during and after the run
        for (index, reader) in readers.enumerated() {
            let outcome = try await reader.value
            #expect(outcome.reads > 2)
            #expect(outcome.halfApplied == 0, "reader \(index) saw a half-applied completion")
            #expect(outcome.shortPages == 0, "reader \(index) read a short feed page")
        }
        let finished = try #require(try Int.fetchOne(writerStore.writer,
                                                     sql: "SELECT COUNT(*) FROM sync_job WHERE state = 'done'"))
        let during = handshake.answers(to: 2)
        #expect(during.count == 2 && during.allSatisfy { $0 > 0 && $0 < finished },
                "each reader, while the worker was paused, saw part of the run done: \(during) of \(finished)")
        #expect(report.batches > 300)
        #expect(try Int.fetchOne(writerStore.writer, sql: Self.contradictions) == 0)
    }
}

/// The handshake that proves readers ran while the worker committed, instead of hoping the
/// scheduler interleaved them: the test raises a numbered request and waits; each reader, at
/// its first read begun after the request was raised, answers with the `done` count it saw.
final class ReaderHandshake: Sendable {
    private let raised = Atomic<Int>(0)
    private let answers = Mutex<[Int: [Int]]>([:])
    private let answered = DispatchSemaphore(value: 0)

    /// The latest request's number (0 before the first).
    var current: Int { raised.load(ordering: .acquiring) }

    /// Raises request `number` and blocks until `readers` readers answered it (true), or one
    /// has not within `timeout` (false).
    func request(_ number: Int, readers: Int, timeout: Duration = .seconds(30)) -> Bool {
        raised.store(number, ordering: .releasing)
        let deadline = DispatchTime.now() + Double(timeout.components.seconds)
        for _ in 0 ..< readers {
            if answered.wait(timeout: deadline) == .timedOut { return false }
        }
        return true
    }

    /// The `done` counts the readers saw in answer to request `number`.
    func answers(to number: Int) -> [Int] {
        answers.withLock { $0[number] ?? [] }
    }

    func answer(_ number: Int, doneCount: Int) {
        answers.withLock { $0[number, default: []].append(doneCount) }
        answered.signal()
    }
}

/// Runs `body` on a new thread; the returned task waits for it without blocking a pool thread.
func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) -> Task<T, any Error> {
    Task {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }
}

/// A flag one task raises and others poll.
final class StopFlag: Sendable {
    private let value = Atomic<Bool>(false)
    var isSet: Bool { value.load(ordering: .acquiring) }
    func set() { value.store(true, ordering: .releasing) }
}

extension Int {
    static func fetchOne(_ writer: any DatabaseWriter, sql: String) throws -> Int? {
        try writer.read { db in try Int.fetchOne(db, sql: sql) }
    }
}
