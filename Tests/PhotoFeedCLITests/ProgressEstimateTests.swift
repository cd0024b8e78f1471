import FeedStore
@testable import FeedSync
import LayoutTestSupport
import Foundation
@testable import PhotoFeedCLI
import StoreTestSupport
import Synchronization
import Testing

/// Long work shows how far it has come and the time left on a terminal: seeding's bar, the
/// sync daemon's line, and the demo's steps.
@Suite(.blockingWork) struct ProgressEstimateTests {
    @Test(arguments: [
        (ProgressEstimate(done: 450, total: 1000, elapsed: 9), "45% · ETA 11 s"),
        (ProgressEstimate(done: 0, total: 1000, elapsed: 3), "0%"),
        (ProgressEstimate(done: 1000, total: 1000, elapsed: 30), "100%"),
        (ProgressEstimate(done: 0, total: 0, elapsed: 0), "100%"),
        (ProgressEstimate(done: 100, total: 900, elapsed: 10), "11% · ETA 1 min 20 s"),
        (ProgressEstimate(done: 1, total: 1000, elapsed: 10), "0% · ETA 2 h 46 min"),
    ])
    func percentAndTimeLeft(estimate: ProgressEstimate, text: String) {
        #expect(estimate.text == text)
    }

    @Test func theSyncLineSaysHowFarAndHowLong() {
        let progress = SyncProgress(completed: 3210, failed: 12, retried: 40, pending: 3778, relayouts: 0,
                                    elapsed: .seconds(99))
        #expect(SyncProgressLine.text(progress, elapsed: 5)
                == "sync: 46% · ETA 6 s · 3210 completed, 3778 pending, 12 failed · 642/s")
    }

    @Test func theSeedBarSaysHowLong() {
        let estimate = ProgressEstimate(done: 500, total: 2000, elapsed: 2)
        #expect(ProgressBar.text(label: "seeding", phase: "photos", estimate: estimate)
                == "seeding photos   [#######.......................] 25% · ETA 6 s")
    }

    @Test(.tags(.slow), .notInQuickRuns) func theDemoShowsTheSyncStepsProgress() async throws {
        // Given standard error on a terminal (progress drawn)
        let db = try FeedTestStore.temporaryDirectory().appendingPathComponent("demo.sqlite").path
        let drawn = Mutex<[String]>([])
        let output = CommandOutput(standardOutput: { _ in }, standardError: { _ in },
                                   progress: { text in drawn.withLock { $0.append(text) } })
        // When the demo runs
        let status = await BlockingWorkThreads.run {
            await CommandOutput.$current.withValue(output) { await PhotoFeedCommand.execute(["demo", "--db", db]) }
        }
        // Then the seed and sync steps draw their progress with a percentage before their step lines
        #expect(status == 0)
        let text = drawn.withLock { $0.joined() }
        #expect(text.contains("\rseed "))
        #expect(text.contains("\rsync: "))
        let sync = try #require(text.range(of: "\rsync: "))
        #expect(text[sync.upperBound...].prefix(5).contains("%"))
        #expect(text.contains("\nsync "), "the step line follows the progress line on a line of its own")
    }
}
