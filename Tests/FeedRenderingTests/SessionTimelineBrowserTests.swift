import BrowserTestSupport
import FeedRendering
import FeedSync
import Foundation
import LayoutTestSupport
import PhotoFeed
import Testing

/// Opens `photofeed session`'s HTML timeline in Debian's headless chromium and checks that the
/// browser draws every lane and mark where the renderer puts them.
@Suite(.blockingWork, .serialized, .tags(.slow), .notInQuickRuns, .timeLimit(minutes: 10)) struct SessionTimelineBrowserTests {
    /// The synthetic session of FeedSessionTests: 10 steps, pages at steps 0 and 1, two shifts
    /// of 20 points at step 9.
    static func report() throws -> SessionReport {
        let network = SyncSimulation(imageLatency: .fixed(.milliseconds(50)),
                                     geocodeLatency: .fixed(.milliseconds(100)),
                                     commentFeedLatency: .fixed(.milliseconds(100)), failureRate: 0, concurrency: 2)
        let configuration = FeedSessionConfiguration(width: 375, height: 300, scale: 2, script: .speed(600),
                                                     stepsPerSecond: 60, duration: 10.0 / 60, seed: 7,
                                                     simulation: network)
        let source = SyntheticSessionSource(count: 30, height: { _ in 100 }, growth: { $0 == 2 ? 20 : 0 },
                                            growthJob: .commentFeed)
        return try FeedSession(source: source, configuration: configuration, parallelism: 1).run()
    }

    struct Probe: Decodable {
        struct Box: Decodable {
            var probe: String
            var step: Int?
            var x: Double
            var y: Double
            var width: Double
            var height: Double
        }

        var boxes: [Box]

        static func parse(dom: String) throws -> Probe {
            let opening = dom.range(of: "<pre id=\"probe\" hidden=\"\">") ?? dom.range(of: "<pre id=\"probe\" hidden>")
            guard let start = opening, let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex),
                  start.upperBound < end.lowerBound else {
                throw HeadlessChromium.Failure(description: "the timeline's probe wrote nothing: \(dom.prefix(500))")
            }
            let json = String(dom[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "&amp;", with: "&")
            return try JSONDecoder().decode(Probe.self, from: Data(json.utf8))
        }
    }

    @Test func lanesAndMarksLandWhereTheRendererPutsThem() throws {
        // Given the timeline of a ten-step session, with its probe
        let report = try Self.report()
        #expect(report.steps.count == 10 && report.shifts.count == 2)
        let chromium = try HeadlessChromium.locate()
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("photofeed-session-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("session.html")
        try SessionTimelineRenderer(includesProbe: true).render(report).write(to: page, atomically: true,
                                                                               encoding: .utf8)

        // When chromium loads it and dumps the DOM after the probe ran
        let dom = try chromium.run(["--window-size=1400,1200", "--virtual-time-budget=5000", "--dump-dom"],
                                   page: page, workDirectory: directory)
        let boxes = try Probe.parse(dom: dom).boxes

        // Then the timeline has the renderer's size
        let tolerance = 0.01
        let svg = try #require(boxes.first { $0.probe == "timeline" })
        #expect(abs(svg.width - SessionTimelineRenderer.width) <= tolerance)
        #expect(abs(svg.height - SessionTimelineRenderer.height) <= tolerance)

        // And each lane is a plot-wide band at its top, in order
        for (index, lane) in SessionTimelineRenderer.lanes.enumerated() {
            let box = try #require(boxes.first { $0.probe == "lane-\(lane)" })
            #expect(abs(box.x - svg.x - SessionTimelineRenderer.labelWidth) <= tolerance)
            #expect(abs(box.y - svg.y - SessionTimelineRenderer.laneTop(index)) <= tolerance)
            #expect(abs(box.width - SessionTimelineRenderer.plotWidth) <= tolerance)
            #expect(abs(box.height - SessionTimelineRenderer.laneHeight) <= tolerance)
        }

        // And a page mark is centred on each fetching step (0 and 1) in the pages lane
        let pages = boxes.filter { $0.probe == "page" }
        #expect(pages.map(\.step) == [0, 1])
        let pagesTop = svg.y + SessionTimelineRenderer.laneTop(4)
        for mark in pages {
            let centre = mark.x + mark.width / 2 - svg.x
            #expect(abs(centre - SessionTimelineRenderer.x(step: mark.step!, steps: 10)) <= tolerance)
            #expect(abs(mark.y - pagesTop) <= tolerance)
            #expect(abs(mark.height - SessionTimelineRenderer.laneHeight) <= tolerance)
        }

        // And the two equal shifts at step 9 are full-height bars of the shift lane
        let shifts = boxes.filter { $0.probe == "shift" }
        #expect(shifts.map(\.step) == [9, 9])
        for bar in shifts {
            #expect(abs(bar.x + bar.width / 2 - svg.x - SessionTimelineRenderer.x(step: 9, steps: 10)) <= tolerance)
            #expect(abs(bar.height - SessionTimelineRenderer.laneHeight) <= tolerance)
            #expect(abs(bar.y - svg.y - SessionTimelineRenderer.laneTop(3)) <= tolerance)
        }
    }
}
