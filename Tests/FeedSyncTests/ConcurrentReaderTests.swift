@_spi(SQLiteAccess) import FeedStore
import FeedSync
import Foundation
import GRDB
import Synchronization
import Testing

/// Readers on their own connections (as another process would have) while the worker writes:
/// no errors, and never a completion half applied.
@Suite struct ConcurrentReaderTests {
    /// Rows that contradict each other: an asset's state and its job's state disagree, or a
    /// photo's content version is not 1 + one bump per asset that left `pending`.
    static let contradictions = """
        SELECT
          (SELECT COUNT(*) FROM photo p JOIN sync_job j ON j.kind = 'image' AND j.target_id = p.id
            WHERE (p.image_state = 'pending') != (j.state IN ('pending', 'running')))
        + (SELECT COUNT(*) FROM user u JOIN sync_job j ON j.kind = 'avatar' AND j.target_id = u.id
            WHERE (u.avatar_state = 'pending') != (j.state IN ('pending', 'running')))
        + (SELECT COUNT(*) FROM location l JOIN sync_job j ON j.kind = 'geocode' AND j.target_id = l.id
            WHERE (l.geocode_state = 'pending') != (j.state IN ('pending', 'running')))
        + (SELECT COUNT(*) FROM photo p JOIN user u ON u.id = p.owner_id LEFT JOIN location l ON l.id = p.location_id
            WHERE p.content_version != 1 + (p.image_state != 'pending') + (u.avatar_state != 'pending')
                                         + COALESCE(l.geocode_state != 'pending', 0))
        """

    @Test func readersSeeWholeCompletionsOnlyAndNeverFail() async throws {
        let writerStore = try SyncFixture.seededStore(file: true, users: 7, photos: 150)
        let path = writerStore.writer.path
        let done = StopFlag()
        let readers = (0 ..< 2).map { index in
            // Threads of their own: a reader polls without pause, and the cooperative pool
            // (two threads on a small machine) must stay free for the worker.
            onThread { () throws -> (reads: Int, sawProgress: Bool) in
                let store = try FeedStore(path: path, migrationsDirectory: SyncFixture.migrationsDirectory)
                var reads = 0
                var doneCounts: Set<Int> = []
                while !done.isSet || reads == 0 {
                    let (bad, finished) = try store.writer.read { db in
                        (try Int.fetchOne(db, sql: Self.contradictions) ?? -1,
                         try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sync_job WHERE state = 'done'") ?? 0)
                    }
                    #expect(bad == 0, "reader \(index) saw a half-applied completion")
                    let page = try store.feedPage(limit: 20)
                    #expect(page.items.count == 20)
                    doneCounts.insert(finished)
                    reads += 1
                }
                return (reads, doneCounts.count > 1)
            }
        }
        let worker = SyncWorker(store: writerStore, relayouter: RecordingRelayouter(), clock: VirtualClock(),
                                configuration: .init(simulation: SyncDeterminismTests.simulation, seed: 4,
                                                     maxBatchSize: 1))
        let report = try await worker.run(until: .idle)
        done.set()
        var sawProgress = false
        for reader in readers {
            let result = try await reader.value
            #expect(result.reads > 0)
            sawProgress = sawProgress || result.sawProgress
        }
        #expect(sawProgress, "the readers ran while the worker committed")
        #expect(report.batches > 300)
        #expect(try Int.fetchOne(writerStore.writer, sql: Self.contradictions) == 0)
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
