import FeedModel
@_spi(SQLiteAccess) import FeedStore
import FeedSync
import Foundation
import GRDB
import LayoutTestSupport
import Testing

/// Exact virtual times: fixed latencies and no jitter make every start and completion time a
/// sum the test can write down.
@Suite(.blockingWork) struct SyncTimingTests {
    static let image1 = JobKey(kind: .image, targetID: 1)

    /// One user, one photo without a location: an image, an avatar and a comment-feed job.
    static func singlePhotoStore() throws -> FeedStore {
        let store = try SyncFixture.store()
        try store.seedCurated(from: SyncFixture.seedDirectory(users: 1, photos: [SyncFixture.PhotoSpec()]))
        return store
    }

    static func trace(of job: JobKey, _ worker: SyncWorker) async -> [SyncTraceEvent] {
        await worker.trace.filter { $0.job == job }
    }

    /// The first seed whose draws make `job` fail `failures` times, then succeed.
    static func seed(failing job: JobKey, times failures: Int, simulation: SyncSimulation) -> UInt64 {
        let seeds: ClosedRange<UInt64> = 1 ... 10_000
        return seeds.first { seed in
            let random = OutcomeRandom(seed: seed)
            return (1 ... failures + 1).allSatisfy { attempt in
                simulation.outcome(of: job, attempt: attempt, random: random).isSuccess == (attempt == failures + 1)
            }
        }!
    }

    @Test func aJobThatFailsTwiceRetriesAfterExactBackoffs() async throws {
        let simulation = SyncFixture.fixedSimulation(latency: .milliseconds(100), failureRate: 0.5, maxAttempts: 5)
        let seed = Self.seed(failing: Self.image1, times: 2, simulation: simulation)
        let store = try Self.singlePhotoStore()
        let worker = SyncWorker(store: store, relayouter: RecordingRelayouter(), clock: VirtualClock(),
                                configuration: .init(simulation: simulation, seed: seed, recordsTrace: true))
        let report = try await worker.run(until: .idle)
        // 100 ms attempts; backoffs of 250 ms, then 500 ms (base 250 ms, doubled, no jitter).
        #expect(await Self.trace(of: Self.image1, worker) == [
            SyncTraceEvent(time: .milliseconds(0), job: Self.image1, attempt: 1, kind: .started),
            SyncTraceEvent(time: .milliseconds(100), job: Self.image1, attempt: 1, kind: .retrying),
            SyncTraceEvent(time: .milliseconds(350), job: Self.image1, attempt: 2, kind: .started),
            SyncTraceEvent(time: .milliseconds(450), job: Self.image1, attempt: 2, kind: .retrying),
            SyncTraceEvent(time: .milliseconds(950), job: Self.image1, attempt: 3, kind: .started),
            SyncTraceEvent(time: .milliseconds(1050), job: Self.image1, attempt: 3, kind: .succeeded),
        ])
        #expect(report.retried >= 2 && report.completed == 3 && report.pending == 0)
        let row = try store.writer.read { db in
            try Row.fetchOne(db, sql: "SELECT state, attempts, next_run_at, result FROM sync_job WHERE kind = 'image'")
        }
        #expect(row?[0] == "done")
        #expect(row?[1] == 3)
        #expect(row?[2] == SyncFixture.nowMilliseconds, "retries held under the lease are not written back")
        #expect(row?[3] == "loaded")
    }

    @Test func jitterShortensTheBackoffByTheDrawnShare() async throws {
        var simulation = SyncFixture.fixedSimulation(latency: .milliseconds(100), failureRate: 0.5, maxAttempts: 5)
        simulation.retry.jitter = 0.5
        let seed = Self.seed(failing: Self.image1, times: 1, simulation: simulation)
        let worker = SyncWorker(store: try Self.singlePhotoStore(), relayouter: RecordingRelayouter(),
                                clock: VirtualClock(),
                                configuration: .init(simulation: simulation, seed: seed, recordsTrace: true))
        _ = try await worker.run(until: .idle)
        let u = OutcomeRandom(seed: seed).unit(job: Self.image1, attempt: 1, draw: .jitter)
        let retryStart = Duration.milliseconds(100) + Duration.milliseconds(250) * (1 - 0.5 * u)
        let trace = await Self.trace(of: Self.image1, worker)
        #expect(trace.map(\.time) == [.zero, .milliseconds(100), retryStart, retryStart + .milliseconds(100)])
        #expect(retryStart > .milliseconds(225) && retryStart <= .milliseconds(350))
    }

    @Test func slowAttemptsTimeOutAndTheLastOneGivesUp() async throws {
        let simulation = SyncFixture.fixedSimulation(latency: .seconds(6), maxAttempts: 2, timeout: .seconds(5))
        let store = try Self.singlePhotoStore()
        let worker = SyncWorker(store: store, relayouter: RecordingRelayouter(), clock: VirtualClock(),
                                configuration: .init(simulation: simulation, recordsTrace: true))
        let report = try await worker.run(until: .idle)
        #expect(await Self.trace(of: Self.image1, worker) == [
            SyncTraceEvent(time: .zero, job: Self.image1, attempt: 1, kind: .started),
            SyncTraceEvent(time: .seconds(5), job: Self.image1, attempt: 1, kind: .retrying, timedOut: true),
            SyncTraceEvent(time: .milliseconds(5250), job: Self.image1, attempt: 2, kind: .started),
            SyncTraceEvent(time: .milliseconds(10250), job: Self.image1, attempt: 2, kind: .gaveUp, timedOut: true),
        ])
        #expect(report.failed == 3 && report.retried == 3 && report.completed == 0)
        let jobs = try SyncFixture.jobs(store)
        #expect(jobs[Self.image1]?.state == "failed")
        #expect(jobs[Self.image1]?.attempts == 2)
        #expect(jobs[Self.image1]?.result == "gave up: attempt 2 timed out after 5000 ms")
        let photo = try store.writer.read { db in try Row.fetchOne(db, sql: "SELECT image_state, content_version FROM photo") }
        #expect(photo?[0] == "failed")
        #expect(photo?[1] == 3, "failed image and failed avatar each bump the version, a failed comment feed not")
    }

    @Test func noMoreThanConcurrencyAttemptsRunAtOnce() async throws {
        var simulation = SyncDeterminismTests.simulation
        simulation.concurrency = 3
        let worker = SyncWorker(store: try SyncFixture.seededStore(photos: 40), relayouter: RecordingRelayouter(),
                                clock: VirtualClock(), configuration: .init(simulation: simulation, recordsTrace: true))
        let report = try await worker.run(until: .idle)
        var running = 0, peak = 0
        var lastTime = Duration.zero
        for event in await worker.trace {
            #expect(event.time >= lastTime, "the trace is in time order")
            lastTime = event.time
            running += event.kind == .started ? 1 : (event.kind == .cancelled ? 0 : -1)
            peak = max(peak, running)
            #expect(running >= 0 && running <= 3)
        }
        #expect(peak == 3)
        #expect(running == 0)
        #expect(report.pending == 0 && report.completed + report.failed == 40 + 3 + 30 + 40)
    }

    @Test func aDurationStopsTheRunAndGivesInFlightAttemptsBack() async throws {
        let store = try SyncFixture.seededStore(photos: 12)
        let simulation = SyncFixture.fixedSimulation(latency: .milliseconds(100), concurrency: 4)
        let worker = SyncWorker(store: store, relayouter: RecordingRelayouter(), clock: VirtualClock(),
                                configuration: .init(simulation: simulation))
        // 36 jobs, 4 at a time, 100 ms each: by 250 ms, two waves (8 jobs) are done and a third
        // is in flight.
        let report = try await worker.run(until: .duration(.milliseconds(250)))
        #expect(report.completed == 8)
        #expect(report.pending == 36 - 8)
        #expect(report.elapsed == .milliseconds(250))
        let states = try SyncFixture.jobs(store).values.map(\.state)
        #expect(states.filter { $0 == "running" }.isEmpty)
        #expect(states.filter { $0 == "done" }.count == 8)
    }
}
