import BrowserTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import LayoutTestSupport
import NIOCore
import NIOFoundationCompat
import StoreTestSupport
import Testing

/// The service's HTML page in Debian's headless chromium, loaded over HTTP from the running
/// service (fonts from `/fonts/…`, nothing from `file://`): every cell and every node of the
/// cells' layouts lands where `GET /v1/feed` says, and a screenshot is kept.
@Suite(.serialized, .tags(.slow), .notInQuickRuns, .timeLimit(minutes: 10)) struct HTMLPageBrowserTests {
    @Test func everyCellsBoxesLandWhereItsLayoutSays() async throws {
        let chromium = try HeadlessChromium.locate()
        let app = try ServiceFixture.service(htmlProbe: .positions).service.application()
        try await app.test(.live) { client in
            let port = try #require(client.port)
            // Given the page's layouts as the API gives them (3x: frames on whole device pixels)
            let feed = try await client.execute(uri: "/v1/feed?width=375&scale=3&limit=4", method: .get)
            let items = ServiceFixture.object(feed)["items"] as? [[String: Any]] ?? []
            try #require(items.count == 4)

            // When chromium loads the HTML page of the same query from the service
            let directory = try FeedTestStore.temporaryDirectory()
            let page = try #require(URL(string: "http://127.0.0.1:\(port)/?width=375&scale=3&limit=4"))
            let dom = try chromium.run(["--force-device-scale-factor=3", "--virtual-time-budget=5000", "--dump-dom"],
                                       page: page, workDirectory: directory)
            let positions = try BrowserPositions.parse(dom: dom)

            // Then DejaVu Sans came from the service (a browser loads a face only where the page uses
            // it: the feed's texts are all regular Latin), and no face failed to load
            #expect(positions.fonts.count == 5)
            #expect(positions.fonts.first?.status == "loaded", "fonts: \(positions.fonts)")
            #expect(positions.fonts.allSatisfy { $0.status != "error" }, "fonts: \(positions.fonts)")
            // And the cells are stacked at their layouts' sizes
            try #require(positions.cells.count == items.count)
            var top = 0.0
            let tolerance = 0.01
            for (box, item) in zip(positions.cells, items) {
                let layout = item["layout"] as? [String: Any]
                let size = layout?["size"] as? [Double] ?? []
                try #require(size.count == 2)
                #expect(box.photoId == Int64(item["photoId"] as? Int ?? -1))
                #expect(abs(box.y - top) <= tolerance && abs(box.x) <= tolerance)
                #expect(abs(box.width - size[0]) <= tolerance && abs(box.height - size[1]) <= tolerance)
                // And every node of the layout is at its frame, relative to the cell
                for node in layout?["nodes"] as? [[String: Any]] ?? [] {
                    let id = node["id"] as? String
                    let frame = node["frame"] as? [Double] ?? []
                    let drawn = positions.nodes.first { $0.photoId == box.photoId && $0.nodeId == id }
                    let found = try #require(drawn, "photo \(box.photoId) node \(id ?? "?") not drawn")
                    let deltas = [found.x - frame[0], found.y - top - frame[1], found.width - frame[2],
                                  found.height - frame[3]]
                    #expect(deltas.allSatisfy { abs($0) <= tolerance }, "photo \(box.photoId) \(id ?? ""): \(found)")
                }
                top += size[1]
            }

            // And a screenshot of it is kept
            let screenshot = directory.appendingPathComponent("feed-service.png")
            _ = try chromium.run(["--force-device-scale-factor=1", "--virtual-time-budget=5000",
                                  "--window-size=375,1600", "--screenshot=\(screenshot.path)"],
                                 page: page, workDirectory: directory)
            let png = try Data(contentsOf: screenshot)
            #expect(png.count > 10_000 && png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            print("HTMLPageBrowserTests: screenshot kept at \(screenshot.path)")
        }
    }
}
