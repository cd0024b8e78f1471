import FeedModel
import FeedSync
import NodeKit
import PhotoFeed
import Testing

/// When a session's jobs start and when their completions reach the table, as in Texture and
/// ASDKgram: reverse geocodes start as the page arrives; a completion relays out a loaded cell (in
/// the display range) at once and only invalidates any other, which takes its height as it
/// enters the display range.
extension FeedSessionTests {
    /// A synthetic source that records the jobs it is given back, in order.
    final class RecordingSource: FeedSessionSource {
        let base: SyntheticSessionSource
        private(set) var completed: [JobKey] = []

        init(_ base: SyntheticSessionSource) {
            self.base = base
        }

        func nextPage(limit: Int) throws -> [SessionItem] { try base.nextPage(limit: limit) }

        func complete(_ job: JobKey, succeeded: Bool, cell: (Int64) -> CellNode?) throws -> SessionJobEffect {
            completed.append(job)
            return try base.complete(job, succeeded: succeeded, cell: cell)
        }
    }

    /// 30 cells of 100 points on a 375 × 300 viewport at 60 steps a second; images 50 ms.
    static func configuration(script: ScrollScript, duration: Double? = nil, geocode: Duration = .milliseconds(100),
                              concurrency: Int = 2) -> FeedSessionConfiguration {
        let network = SyncSimulation(imageLatency: .fixed(.milliseconds(50)), geocodeLatency: .fixed(geocode),
                                     commentFeedLatency: .fixed(.milliseconds(100)), failureRate: 0,
                                     concurrency: concurrency)
        return FeedSessionConfiguration(width: 375, height: 300, scale: 2, script: script, stepsPerSecond: 60,
                                        duration: duration, seed: 7, simulation: network)
    }

    @Test func reverseGeocodesAreRequestedWhenThePageArrives() throws {
        // Given cells 7 and 12 with a reverse geocode, no scrolling, one job at a time
        let source = RecordingSource(SyntheticSessionSource(count: 30, height: { _ in 100 },
                                                            growth: { [7, 12].contains($0) ? 20 : 0 }))
        let session = FeedSession(source: source, configuration: Self.configuration(
            script: .speed(0), duration: 0.5, concurrency: 1), parallelism: 1)
        let report = try session.run()

        // Then step 0 (first page, cells 0–3, all in Minimum's preload range [−75, 450)) requests
        // their images; step 1's page (cells 4–23) requests the geocodes of cells 7 and 12 as it
        // arrives, though neither is in the preload range, then cell 4's image as it enters it
        #expect(report.steps.map(\.jobsRequested).prefix(3) == [4, 3, 0])
        #expect(report.steps[1].preload == 5)
        #expect(session.interfaceState(ofCellAt: 7) == [] && session.interfaceState(ofCellAt: 12) == [])
        // And one at a time they run in request order: the visible cells' images (0–2), cell 3's,
        // then the page's geocodes in feed order, then cell 4's image (ids are index + 1)
        #expect(source.completed == [
            JobKey(kind: .image, targetID: 1), JobKey(kind: .image, targetID: 2), JobKey(kind: .image, targetID: 3),
            JobKey(kind: .image, targetID: 4), JobKey(kind: .geocode, targetID: 8),
            JobKey(kind: .geocode, targetID: 13), JobKey(kind: .image, targetID: 5),
        ])
    }

    @Test func commentFeedsAreRequestedOnEnteringThePreloadRange() throws {
        // Given cell 12 with a comment feed instead, and no scrolling: it never enters the preload
        // range, so its comment feed is never requested
        let source = SyntheticSessionSource(count: 30, height: { _ in 100 }, growth: { $0 == 12 ? 20 : 0 },
                                            growthJob: .commentFeed)
        let report = try FeedSession(source: source, configuration: Self.configuration(
            script: .speed(0), duration: 0.5), parallelism: 1).run()
        #expect(report.steps.map(\.jobsRequested).prefix(3) == [4, 1, 0])
        #expect(report.totals.jobsRequested == 5)
    }

    @Test func aCompletionBeyondTheDisplayRangeWaitsForIt() throws {
        // Given cells 7 and 12 growing by 20 when their geocodes end (requested with the second
        // page at step 1, both starting at 100 ms behind four images and ending at 700 ms, step
        // 42), and a script that holds offset 0 for half a second, then scrolls 20 points a step
        // to 900 at 1.25 s (steps 30–75)
        let source = SyntheticSessionSource(count: 30, height: { _ in 100 },
                                            growth: { [7, 12].contains($0) ? 20 : 0 })
        let script = try #require(ScrollScript.keyframes(parsing: "0:0,0.5:0,1.25:900"))
        let session = FeedSession(source: source, configuration: Self.configuration(
            script: script, geocode: .milliseconds(600)), parallelism: 1)
        let report = try session.run()
        #expect(report.steps.count == 76)
        #expect(report.steps.map(\.jobsEnded)[42] == 2)

        // Then at step 42 (offset 240) the Full display range is [90, 840): cell 7 (700–800) is
        // loaded and relays out at once (2,420 points of content); cell 12 (1,220–1,320 after
        // it) is only invalidated. The display range ends at offset + 600: at cell 12's top at
        // offset 620 (step 61, touching is not meeting), past it at 640 (step 62), where the
        // table takes its height: 2,440
        let heights = report.steps.map(\.contentHeight)
        #expect(heights[0] == 400)
        #expect(heights[1...41].allSatisfy { $0 == 2400 })
        #expect(heights[42...61].allSatisfy { $0 == 2420 })
        #expect(heights[62...].allSatisfy { $0 == 2440 })
        // And neither change moved a cell on screen (both grew below the viewport)
        #expect(report.shifts.isEmpty && report.totals.cumulativeShift == 0)
    }

    @Test func aCellAboveTheViewportShiftsWhatIsOnScreenOnlyOnceItIsLoaded() throws {
        // Given cell 2 (200–300) growing by 20 when its geocode ends (requested with the first
        // page, running 0–1,000 ms: step 60), and a user who scrolls down at 600 pt/s to 600,
        // waits, and scrolls back up at 1,200 pt/s from 1.5 s (steps 90–120)
        let source = SyntheticSessionSource(count: 30, height: { _ in 100 }, growth: { $0 == 2 ? 20 : 0 })
        let script = try #require(ScrollScript.keyframes(parsing: "0:0,1:600,1.5:600,2:0"))
        let report = try FeedSession(source: source, configuration: Self.configuration(
            script: script, geocode: .seconds(1)), parallelism: 1).run()
        #expect(report.steps.count == 121)

        // Then at step 60 (offset 600) cell 2 is beyond the display range [450, 1200) (trailing
        // half a screen while scrolling down): it is only invalidated, nothing moves, and the
        // content stays 2,400 points high
        let heights = report.steps.map(\.contentHeight)
        #expect(heights[1...90].allSatisfy { $0 == 2400 })
        // And scrolling up, the display range leads a whole screen above: [offset − 300, …)
        // reaches cell 2 at offset 580 (step 91), which takes its height there and pushes cells
        // 5–8, on screen at [580, 880), down 20 each
        #expect(heights[91...].allSatisfy { $0 == 2420 })
        #expect(report.shifts.filter { $0.step == 91 }.map(\.index) == [5, 6, 7, 8])
        #expect(report.shifts.filter { $0.step == 91 }.allSatisfy { $0.moved == 20 && $0.points == 20 })
        // And the cells above come back on screen 20 points lower, cell 2 20 points taller, where
        // the user last saw them as they were: 4, 3 and 2 shift as they appear
        #expect(report.shifts.map(\.step).allSatisfy { $0 >= 91 })
        #expect(report.shifts.map(\.index) == [5, 6, 7, 8, 4, 3, 2])
        #expect(report.shifts.last?.heightChange == 20 && report.shifts.last?.moved == 0)
        #expect(report.totals.cumulativeShift == 140 && report.totals.shiftEvents == 7)
    }

    @Test func aCellThatChangesOffScreenAndNeverComesBackShiftsNothing() throws {
        // Given the same cell 2 and a user who scrolls down to 1,200 and stays: its geocode ends
        // at step 60 (offset 600), when it is beyond the display range
        let source = SyntheticSessionSource(count: 30, height: { _ in 100 }, growth: { $0 == 2 ? 20 : 0 })
        let report = try FeedSession(source: source, configuration: Self.configuration(
            script: .speed(600), duration: 2, geocode: .seconds(1)), parallelism: 1).run()

        // Then it is never laid out again: no shift (at step 60 cells 6–8 were on screen, and an
        // immediate relayout would have moved them 20 points each, 60 in all), and the content
        // keeps its 2,400 points
        #expect(report.shifts.isEmpty && report.totals.cumulativeShift == 0)
        #expect(report.steps[1...].allSatisfy { $0.contentHeight == 2400 })
        #expect(report.totals.jobsSucceeded == report.totals.jobsRequested)
    }
}
