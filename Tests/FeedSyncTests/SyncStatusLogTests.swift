import FeedModel
import FeedStore
import FeedSync
import Foundation
import Logging
import StoreTestSupport
import Synchronization
import LayoutTestSupport
import Testing

/// What a run tells the injected logger: a start line, progress lines an interval of the log
/// clock apart, an idle line, a final line; the library itself prints nothing. These runs pace
/// the log by the worker's virtual clock, so the lines are exact; production paces it by wall
/// time, which virtual time does not move.
@Suite(.blockingWork) struct SyncStatusLogTests {
    static func run(until stop: SyncStopCondition, level: Logger.Level = .info, interval: Duration,
                    store: FeedStore, logClock: SyncLogClock? = nil) async throws -> (SyncReport, [LogRecorder.Record]) {
        let recorder = LogRecorder()
        let clock = VirtualClock()
        var configuration = SyncWorker.Configuration(
            simulation: SyncFixture.fixedSimulation(latency: .milliseconds(100), concurrency: 4), seed: 3,
            batchSize: 1)
        configuration.logger = recorder.logger(level: level)
        configuration.logInterval = interval
        configuration.logClock = logClock ?? SyncLogClock { clock.now() }
        let worker = SyncWorker(store: store, relayouter: RecordingRelayouter(), clock: clock,
                                configuration: configuration)
        let report = try await worker.run(until: stop)
        return (report, recorder.records)
    }

    @Test func startIntervalAndEndLines() async throws {
        // Given a seeded store
        let store = try SyncFixture.seededStore()
        let pendingAtStart = try store.unfinishedJobCount()

        // When a virtual run logs every 200 ms of its clock
        let (report, records) = try await Self.run(until: .idle, interval: .milliseconds(200), store: store)

        // Then it starts with the pending jobs, seed and clock
        let start = try #require(records.first)
        #expect(start.level == .info && start.message == "started")
        #expect(start.metadata == ["pending": "\(pendingAtStart)", "seed": "3", "clock": "virtual"])

        // And each progress line has completed, failed, pending and rate, and the counts move on
        let progress = records.filter { $0.message == "progress" }
        #expect(progress.count >= 2)
        for line in progress {
            #expect(Set(line.metadata.keys) == ["completed", "failed", "retried", "pending", "rate"])
            #expect(line.metadata["rate"]?.hasSuffix("/s") == true)
            #expect(Double(line.metadata["rate"]!.dropLast(2))! > 0)
        }
        let completed = progress.map { Int($0.metadata["completed"]!)! }
        #expect(completed == completed.sorted() && Set(completed).count == completed.count)

        // And pending is the queue's unfinished jobs, falling as they end (not the jobs held: 0)
        let pending = progress.map { Int($0.metadata["pending"]!)! }
        let failed = progress.map { Int($0.metadata["failed"]!)! }
        #expect(pending.indices.allSatisfy { pending[$0] == pendingAtStart - completed[$0] - failed[$0] })
        #expect(pending[0] > 0)

        // And the last line is the summary
        let end = try #require(records.last)
        #expect(end.message == "stopped")
        #expect(end.metadata["completed"] == "\(report.completed)")
        #expect(end.metadata["failed"] == "\(report.failed)")
        #expect(end.metadata["pending"] == "0")
        #expect(records.allSatisfy { $0.level == .info })
        #expect(!records.contains { $0.message.contains("waiting") })
    }

    @Test func noProgressLineBeforeAnIntervalPasses() async throws {
        let store = try SyncFixture.seededStore()
        let (_, records) = try await Self.run(until: .idle, interval: .seconds(3600), store: store)
        // No interval of an hour passes in a run of well under a second: start and end only.
        #expect(records.map(\.message) == ["started", "stopped"])
    }

    @Test func virtualTimeDoesNotPaceTheLog() async throws {
        // Given a log clock standing still, as wall time nearly does during a fast virtual run
        let store = try SyncFixture.seededStore()
        let still = SyncLogClock { .zero }
        // When a virtual run passes many 200 ms intervals of its own clock
        let (report, records) = try await Self.run(until: .idle, interval: .milliseconds(200), store: store,
                                                   logClock: still)
        // Then it writes no progress line: start and end only
        #expect(report.completed > 10)
        #expect(records.map(\.message) == ["started", "stopped"])
    }

    @Test func theLogClockPacesTheProgressLines() async throws {
        // Given a log clock that moves a second at every reading
        let store = try SyncFixture.seededStore()
        let readings = Mutex(0)
        let ticking = SyncLogClock { .seconds(readings.withLock { $0 += 1; return $0 }) }
        // When a run logs every 2 s of it, Then a progress line comes every other batch
        let (report, records) = try await Self.run(until: .idle, interval: .seconds(2), store: store,
                                                   logClock: ticking)
        let progress = records.filter { $0.message == "progress" }
        #expect(progress.count == report.batches / 2)
        #expect(progress.allSatisfy { $0.metadata["rate"] != nil })
    }

    @Test func debugShowsEachCommittedBatch() async throws {
        let store = try SyncFixture.seededStore()
        let (report, records) = try await Self.run(until: .idle, level: .debug, interval: .seconds(10), store: store)
        let batches = records.filter { $0.message == "committed batch" }
        #expect(batches.count == report.batches)
        #expect(batches.allSatisfy { $0.level == .debug })
    }

    @Test func anIdleDaemonSaysItIsWaitingOnce() async throws {
        // Given a store with no jobs
        let store = try SyncFixture.store()

        // When a run without --until-idle polls for 5 s of virtual time
        let (_, records) = try await Self.run(until: .duration(.seconds(5)), interval: .seconds(1), store: store)

        // Then it says once that it waits, and stops
        #expect(records.map(\.message) == ["started", "idle, waiting for new jobs", "stopped"])
        #expect(records[0].metadata["pending"] == "0")
    }

    @Test func anUntilIdleRunDoesNotWait() async throws {
        let store = try SyncFixture.store()
        let (_, records) = try await Self.run(until: .idle, interval: .seconds(1), store: store)
        #expect(records.map(\.message) == ["started", "stopped"])
    }
}
