import Foundation
import NodeKit
import Synchronization
import LayoutTestSupport
import Testing

/// What a job records of its run, from any thread.
private final class JobLog: Sendable {
    let ranFirstJob = Atomic<Bool>(false)
    let firstJobThread = Mutex<pthread_t?>(nil)
}

@Suite(.timeLimit(minutes: 5)) struct ParallelWorkTests {
    private static let counts = [0, 1, 2, 7, 1_000]

    @Test(arguments: [1, 2, 4])
    func indexedJobsReturnTheirResultsInIndexOrder(width: Int) {
        for count in Self.counts {
            #expect(ParallelWork.map(count: count, width: width) { $0 * 3 } == (0..<count).map { $0 * 3 })
        }
    }

    @Test(arguments: [1, 2, 4])
    func everyPublishedInputIsRunOnceAndTheResultsComeInPublishingOrder(width: Int) {
        for count in Self.counts {
            // Strings long enough to live on the heap: moved through the slots, never lost or doubled
            let inputs = (0..<count).map { "input number \($0) of \(count), long enough for the heap" }
            let (published, results) = ParallelWork.map(count: count, width: width, producing: { publish in
                for input in inputs { publish(input) }
                return inputs.count
            }) { input in input.uppercased() }
            #expect(published == count)
            #expect(results == inputs.map { $0.uppercased() })
        }
    }

    @Test func manySmallRunsEachGiveEveryResultOnce() {
        // Small runs end before their helpers take them as often as after: a run a helper has not
        // taken is retracted and must be touched by nothing; one a helper took must be waited for.
        var random = SeededRandom(seed: 11)  // the same runs every time
        for run in 0..<300 {
            let count = Int.random(in: 0...40, using: &random)
            let width = Int.random(in: 1...4, using: &random)
            let yieldEvery = Int.random(in: 1...8, using: &random)
            let (_, results) = ParallelWork.map(count: count, width: width, producing: { publish in
                for index in 0..<count {
                    if index % yieldEvery == 0 { sched_yield() }  // let helpers get ahead at times
                    publish([run, index])
                }
            }) { input in input[0] * 1_000 + input[1] }
            #expect(results == (0..<count).map { run * 1_000 + $0 }, "run \(run): \(count) inputs, width \(width)")
        }
    }

    @Test func helpersRunJobsWhileTheCallingThreadIsStillPublishing() {
        let log = JobLog()
        let caller = pthread_self()
        let (ranBeforeSecondInput, results) = ParallelWork.map(count: 2, width: 2, producing: { publish in
            publish(0)
            // The helper takes the first input while this thread has not published the second
            // (bounded: a helper that never came would fail the test, not hang it).
            let deadline = ContinuousClock.now + .seconds(30)
            while !log.ranFirstJob.load(ordering: .acquiring), ContinuousClock.now < deadline { sched_yield() }
            let ran = log.ranFirstJob.load(ordering: .acquiring)
            publish(1)
            return ran
        }) { input -> Int in
            if input == 0 {
                log.firstJobThread.withLock { $0 = pthread_self() }
                log.ranFirstJob.store(true, ordering: .releasing)
            }
            return input + 10
        }
        #expect(ranBeforeSecondInput)
        #expect(results == [10, 11])
        let helper = log.firstJobThread.withLock { $0 }
        #expect(helper.map { pthread_equal($0, caller) == 0 } == true)
    }

    @Test func aJobMayRunAParallelMapOfItsOwn() {
        // A helper that starts a run posts it to other helpers, or starts one: it never waits
        // for itself.
        let results = ParallelWork.map(count: 8, width: 2) { outer in
            ParallelWork.map(count: 6, width: 2) { inner in outer * 10 + inner }.reduce(0, +)
        }
        #expect(results == (0..<8).map { outer in 6 * outer * 10 + 15 })
    }

    @Test func runsStartedFromManyThreadsAtOnceEachGetTheirOwnResults() {
        DispatchQueue.concurrentPerform(iterations: 6) { caller in
            for run in 0..<40 {
                let inputs = (0..<25).map { caller * 100_000 + run * 100 + $0 }
                let (_, results) = ParallelWork.map(count: inputs.count, width: 3, producing: { publish in
                    for input in inputs { publish(input) }
                }) { $0 * 2 }
                #expect(results == inputs.map { $0 * 2 }, "caller \(caller), run \(run)")
            }
        }
    }

    @Test func publishingFewerInputsThanAnnouncedStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            _ = ParallelWork.map(count: 3, width: 2, producing: { publish in publish(1) }) { $0 }
        }
    }

    @Test func publishingMoreInputsThanAnnouncedStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            _ = ParallelWork.map(count: 1, width: 2, producing: { publish in publish(1); publish(2) }) { $0 }
        }
    }
}
