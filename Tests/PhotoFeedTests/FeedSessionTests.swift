import FeedModel
import FeedSync
import Foundation
import LayoutCore
import NodeKit
import PhotoFeed
import StoreTestSupport
import LayoutTestSupport
import Testing

/// `photofeed session`'s simulation on made-up cells, whose counts follow from their heights by
/// hand, and on the four-photo test feed.
@Suite(.blockingWork) struct FeedSessionTests {
    /// Fixed latencies and no failures: image 50 ms, geocode and comment feed 100 ms, two jobs at
    /// a time.
    static let network = SyncSimulation(imageLatency: .fixed(.milliseconds(50)),
                                        geocodeLatency: .fixed(.milliseconds(100)),
                                        commentFeedLatency: .fixed(.milliseconds(100)), failureRate: 0,
                                        concurrency: 2)

    /// 30 cells of 100 points; cell 2 grows by 20 points when its comment feed (requested as it
    /// enters the preload range) ends.
    static func synthetic() -> SyntheticSessionSource {
        SyntheticSessionSource(count: 30, height: { _ in 100 }, growth: { $0 == 2 ? 20 : 0 }, growthJob: .commentFeed)
    }

    /// A 375 × 300 viewport scrolling at 600 pt/s (10 points a step at 60 steps/s) for 10 steps.
    static func configuration(prefetch: Bool = false) -> FeedSessionConfiguration {
        FeedSessionConfiguration(width: 375, height: 300, scale: 2, script: .speed(600), stepsPerSecond: 60,
                                 duration: 10.0 / 60, seed: 7, simulation: network, prefetchLayouts: prefetch)
    }

    @Test func syntheticSessionCountsFollowFromTheHeights() throws {
        // Given 30 cells of 100 points and a 300-point viewport moving 10 points a step
        let session = FeedSession(source: Self.synthetic(), configuration: Self.configuration(), parallelism: 1)
        let report = try session.run()

        // Then step 0 fetches the first page (no content is shorter than the view), 4 cells,
        // 400 points; step 1, at offset 10, has 400 − 300 − 10 = 90 ≤ 2.5 × 300 points left and
        // fetches 20 more (2,400 points); the next fetch would need offset ≥ 2400 − 300 − 750.
        #expect(report.steps.count == 10)
        #expect(report.steps.map(\.pagesFetched) == [1, 1, 0, 0, 0, 0, 0, 0, 0, 0])
        #expect(report.steps.map(\.cells) == [4] + Array(repeating: 24, count: 9))
        #expect(report.steps.map(\.offset) == [0, 10, 20, 30, 40, 50, 60, 70, 80, 90])
        #expect(report.totals.pagesFetched == 2 && report.totals.cells == 24)

        // And at offset 0 cells 0–2 fill [0, 300); from offset 10 cell 3 shows too (at step 9
        // cell 2 is 120 high, cell 3 at 320–420, still meeting [90, 390))
        #expect(report.steps.map(\.visible) == [3, 4, 4, 4, 4, 4, 4, 4, 4, 4])
        // The first update is in Minimum mode (display 0.25/0.25, preload 0.5/0.25 screens: down to
        // 375 and 450, so cells 0–3); once scrolled, Full (display down to 600 + offset, preload
        // down to 1,050 + offset, 1.5 screens = 450 above).
        #expect(report.steps.map(\.rangeMode) == ["minimum"] + Array(repeating: "full", count: 9))
        #expect(report.steps[0].display == 4 && report.steps[0].preload == 4)
        // Step 1 (offset 10): display [−140, 610): cells 0–6; preload [−440, 1060): cells 0–10.
        #expect(report.steps[1].display == 7 && report.steps[1].preload == 11)

        // And jobs are requested on entering preload: step 0 the images of cells 0–3 and cell 2's
        // layout job (5); step 1 the images of cells 4–10 (7); step 6 (offset 60, preload to
        // 1,110) cell 11's.
        #expect(report.steps.map(\.jobsRequested) == [5, 7, 0, 0, 0, 0, 1, 0, 0, 0])
        #expect(report.totals.jobsRequested == 13)
        // Two at a time, in request order (visible cells first): images 1 and 2 run 0–50 ms,
        // image 3 and cell 2's layout job from 50 ms (image 3 ends at 100 ms, then image 4
        // runs 100–150 ms), the layout job ends at 150 ms: steps 3, 6 and 9.
        #expect(report.steps.map(\.jobsEnded) == [0, 0, 0, 2, 0, 0, 1, 0, 0, 2])
        #expect(report.totals.jobsSucceeded == 5 && report.totals.jobsFailed == 0)

        // And placeholders: cells 0 and 1 for steps 0–2, cell 2 for steps 0–5, cell 3 (on screen
        // from step 1) for steps 1–8.
        #expect(report.placeholders.map(\.index) == [0, 1, 2, 3])
        #expect(report.placeholders.map(\.firstStep) == [0, 0, 0, 1])
        #expect(report.placeholders.map(\.seconds) == [3, 3, 6, 8].map { Double($0) / 60 })
        #expect(report.placeholders.allSatisfy { $0.imageArrived })
        #expect(report.steps.map(\.placeholders) == [3, 4, 4, 2, 2, 2, 1, 1, 1, 0])
        #expect(report.totals.placeholderCells == 4)
        #expect(abs(report.totals.placeholderSeconds - 20.0 / 60) < 1e-12)
        #expect(abs(report.totals.longestPlaceholderSeconds - 8.0 / 60) < 1e-12)

        // And at step 9 cell 2 grows by 20 at its bottom and pushes cell 3 down 20: 40 points
        #expect(report.shifts.map(\.step) == [9, 9])
        #expect(report.shifts.map(\.index) == [2, 3])
        #expect(report.shifts.map(\.moved) == [0, 20])
        #expect(report.shifts.map(\.heightChange) == [20, 0])
        #expect(report.shifts.map(\.points) == [20, 20])
        #expect(report.totals.cumulativeShift == 40 && report.totals.shiftEvents == 2)
        #expect(report.totals.cellsShown == 4)

        // And the cells' nodes carry the states: at offset 90 cells 0–3 are visible (with display
        // and preload), the display range ([−60, 690)) adds 4–6, the preload range ([−360, 1140))
        // 7–11; cells 12–23 were never in a range, so the controller never touched them (it visits
        // the cells in a range now or at the last update, after the first update's full pass)
        let visible: InterfaceState = [.measureLayout, .preload, .display, .visible]
        #expect((0...3).map { session.interfaceState(ofCellAt: $0) } == Array(repeating: visible, count: 4))
        #expect((4...6).map { session.interfaceState(ofCellAt: $0) }
                == Array(repeating: [.measureLayout, .preload, .display], count: 3))
        #expect((7...11).map { session.interfaceState(ofCellAt: $0) }
                == Array(repeating: [.measureLayout, .preload], count: 5))
        #expect((12...23).map { session.interfaceState(ofCellAt: $0) }
                == Array(repeating: [], count: 12))
        #expect(session.interfaceState(ofCellAt: 24) == nil)
    }

    @Test func scrollScripts() {
        // Keyframes are linear in between, held before the first and after the last
        let script = ScrollScript.keyframes(parsing: "0.5:100, 1:300\n2:300")
        #expect(script == .keyframes([.init(seconds: 0.5, offset: 100), .init(seconds: 1, offset: 300),
                                      .init(seconds: 2, offset: 300)]))
        #expect([0, 0.5, 0.75, 1.5, 3].map { script!.offset(at: $0) } == [100, 100, 200, 300, 300])
        #expect(script?.endSeconds == 2 && script?.summary == "keyframes 0.5:100 1:300 2:300")
        // Times must ascend, and every pair needs both numbers
        #expect(ScrollScript.keyframes(parsing: "1:0,1:5") == nil)
        #expect(ScrollScript.keyframes(parsing: "1:") == nil && ScrollScript.keyframes(parsing: "") == nil)
        #expect(ScrollScript.speed(600).offset(at: 0.5) == 300 && ScrollScript.speed(600).endSeconds == nil)
    }

    @Test func shiftsAndPlaceholdersEncodeWithTheContractsKeys() throws {
        let report = try FeedSession(source: Self.synthetic(), configuration: Self.configuration(), parallelism: 1)
            .run()
        let json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any])
        let shifts = try #require(json["shifts"] as? [[String: Any]])
        #expect(shifts.count == 2)
        #expect(Set(shifts[0].keys) == ["step", "itemId", "index", "moved", "heightChange", "points"])
        #expect(shifts[1]["itemId"] as? Int == 4 && shifts[1]["moved"] as? Double == 20)
        let placeholders = try #require(json["placeholders"] as? [[String: Any]])
        #expect(Set(placeholders[0].keys) == ["itemId", "index", "firstStep", "seconds", "imageArrived"])
    }

    @Test func precomputedLayoutsSaveTheShift() throws {
        // Given cells whose precomputed height is the one they end with (cell 2: 120)
        let report = try FeedSession.run(configuration: Self.configuration(prefetch: true), parallelism: 1) {
            Self.synthetic()
        }

        // Then cell 2 is 120 high from the start, its job changes nothing, and nothing shifts;
        // the run without precomputed layouts shifts 40 points
        #expect(report.totals.cumulativeShift == 0 && report.shifts.isEmpty)
        let prefetch = try #require(report.prefetch)
        #expect(prefetch.cumulativeShiftWithout == 40 && prefetch.cumulativeShiftWith == 0 && prefetch.saved == 40)
        #expect(prefetch.cellsWithPrecomputedHeight == 24)
    }

    @Test func failedAttemptsAreRetriedUntilThePolicyGivesUp() throws {
        // Given every attempt failing after 50 ms, three attempts 100 ms apart, and no scrolling
        let network = SyncSimulation(imageLatency: .fixed(.milliseconds(50)), failureRate: 1,
                                     retry: RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(100), multiplier: 1,
                                                        jitter: 0))
        let configuration = FeedSessionConfiguration(width: 375, height: 300, script: .speed(0), duration: 1,
                                                     simulation: network)
        let source = SyntheticSessionSource(count: 30, height: { _ in 100 })
        let report = try FeedSession(source: source, configuration: configuration, parallelism: 1).run()

        // Then Minimum's preload ([−75, 450)) holds cells 0–3 at step 0 and cell 4 once the second
        // page is in (step 1); each image fails at +50, +200 and +350 ms: steps 21 and 22
        #expect(report.steps.map(\.jobsRequested).prefix(3) == [4, 1, 0])
        var ended = Array(repeating: 0, count: 60)
        ended[21] = 4; ended[22] = 1
        #expect(report.steps.map(\.jobsEnded) == ended)
        #expect(report.totals.jobsFailed == 5 && report.totals.jobsSucceeded == 0)
        // And the three cells on screen show their placeholders for the whole second
        #expect(report.placeholders.map(\.seconds) == [1, 1, 1])
        #expect(report.placeholders.allSatisfy { !$0.imageArrived })
    }

    @Test func theSameSeedGivesTheSameSession() throws {
        // Given the default network (log-normal latencies, 5 % failures) over the test feed
        let configuration = FeedSessionConfiguration(width: 375, height: 667, script: .speed(900), seed: 3)
        func run(seed: UInt64) throws -> SessionReport {
            var configuration = configuration
            configuration.seed = seed
            return try FeedSession.run(configuration: configuration) {
                try StoreSessionSource(store: FeedTestStore.seeded(), width: 375, scale: 2)
            }
        }
        let first = try run(seed: 3)
        let second = try run(seed: 3)
        #expect(second == first)
        #expect(first.totals.jobsRequested > 0)
    }

    @Test func storeSessionOnTheTestFeed() throws {
        // Given the four-photo feed (heights 478, 537.5, 494.5 and 510.5 at 375 points, photos 4,
        // 1, 3, 2; photo 1's image loaded and its location geocoded, photo 3's not geocoded)
        let store = try FeedTestStore.seeded()
        let configuration = FeedSessionConfiguration(
            width: 375, height: 667, scale: 2, script: .speed(0), stepsPerSecond: 60, duration: 3.0 / 60,
            seed: 1, simulation: SyncSimulation(imageLatency: .fixed(.milliseconds(100)),
                                                geocodeLatency: .fixed(.milliseconds(100)), failureRate: 0))
        let report = try FeedSession(source: try StoreSessionSource(store: store, width: 375, scale: 2),
                                     configuration: configuration, parallelism: 1).run()

        // Then step 0 fetches the first page of 4 (all four photos, 1,988 points); step 1, with
        // 1988 − 667 = 1321 ≤ 1667.5 points left, asks for more and learns the feed ended
        #expect(report.steps.map(\.cells) == [4, 4, 4])
        #expect(report.steps.map(\.contentHeight) == [1988, 1988, 1988])
        #expect(report.totals.pagesFetched == 1)
        // And photos 4 (0–478) and 1 (478–1015.5) are on screen; Minimum's preload reaches 1000.5
        #expect(report.steps.map(\.visible) == [2, 2, 2])
        #expect(report.steps.map(\.preload) == [2, 2, 2])
        // And the page's arrival requests photo 3's reverse geocode (its cell is beyond the
        // preload range: ASDKgram geocodes as it parses the photo); the visible cells request photo
        // 4's image, ana's avatar and photo 4's comment feed (photo 1 has its image, place and
        // comments)
        #expect(report.steps.map(\.jobsRequested) == [4, 0, 0])
        // And photo 4 shows a placeholder for the three steps (its image needs 100 ms)
        #expect(report.placeholders.map(\.itemID) == [4])
        #expect(report.placeholders.map(\.seconds) == [3.0 / 60])
        #expect(report.totals.cumulativeShift == 0)
    }
}
