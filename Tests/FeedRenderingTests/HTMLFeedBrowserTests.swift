import BrowserTestSupport
import FeedRendering
import Foundation
import LayoutCore
import PhotoFeed
import Testing
import LayoutTestSupport
import TextLayout

/// Opens the HTML feed page in Debian's headless chromium and checks that the browser put every
/// cell, node and text baseline where the layout says, in the real fonts, and that it paints.
@Suite(.blockingWork, .serialized, .tags(.slow), .notInQuickRuns, .timeLimit(minutes: 10)) struct HTMLFeedBrowserTests {
    /// A third cell with frames on the half-point grid of a scale-2 layout and an id that needs
    /// escaping.
    static let third = CellSnapshot(photoID: 103, size: Size(375, 120.5), nodes: [
        NodeSnapshot(id: "tag <&> \"q\"", frame: Rect(10.5, 8.5, 200.5, 30),
                     content: .text(TextSnapshot(lines: [
                         TextLineSnapshot(text: "Tags & <more>", x: 2.5, baseline: 20.5, width: 118.4326171875),
                     ], fontSize: 15))),
        NodeSnapshot(id: "map", frame: Rect(0, 40.5, 375, 80), content: .image(ImageSnapshot(isLoaded: false))),
    ])

    /// A cell of hand-picked lines in the fallback fonts: CJK (regular and bold), emoji
    /// sequences, VS16 and a heart DejaVu Sans covers, mixed with Latin.
    static let fallback = CellSnapshot(photoID: 104, size: Size(375, 150), nodes: [
        NodeSnapshot(id: "mixed", frame: Rect(16, 8, 343, 100), content: .text(TextSnapshot(lines: [
            TextLineSnapshot(text: "今日は本当に良い天気でした。", baseline: 16, width: 196),
            TextLineSnapshot(text: "Great shot 🔥🔥 a中b😀c🔥", baseline: 36, width: 0),
            TextLineSnapshot(text: "❤️ ❤ 東京 Tokyo 🗼✨ 서울의 밤", baseline: 56, width: 0),
            TextLineSnapshot(text: "👨\u{200D}👩\u{200D}👧 🇯🇵 1\u{FE0F}\u{20E3} 👍🏽 👏🙌", baseline: 76, width: 0),
        ], fontSize: 14))),
        NodeSnapshot(id: "bold", frame: Rect(16, 110, 343, 30), content: .text(TextSnapshot(lines: [
            TextLineSnapshot(text: "外灘の夜景 🔥 night", baseline: 16, width: 0),
        ], fontSize: 15, fontWeight: "bold"))),
    ])

    /// Every distinct curated title, description and comment with CJK or emoji, laid out at
    /// 343 points as the engine breaks it with `measurer`'s fonts, one cell each, alternately
    /// regular and bold.
    static func curated(_ measurer: TextMeasurer) -> [CellSnapshot] {
        let texts = CuratedTexts.distinct.filter { text in
            text.unicodeScalars.contains { $0.value >= 0x2E80 || $0.value == 0xFE0F }
        }
        return texts.enumerated().map { index, string in
            let weight: FontWeight = index.isMultiple(of: 2) ? .regular : .bold
            let text = AttributedText(string, attributes: TextAttributes(fontSize: 14, fontWeight: weight))
            let measurement = measurer.measure(text, maxWidth: 343)
            let lines = measurement.lines.map { line in
                TextLineSnapshot(text: text.substring(utf8: line.visibleRange), baseline: line.baseline,
                                 width: line.width)
            }
            let height = measurement.height.rounded(.up)
            return CellSnapshot(photoID: 1_000 + Int64(index), size: Size(375, height + 16), nodes: [
                NodeSnapshot(id: "caption", frame: Rect(16, 8, 343, height),
                             content: .text(TextSnapshot(lines: lines, fontSize: 14, fontWeight: weight.rawValue))),
            ])
        }
    }

    static func cells(_ measurer: TextMeasurer) -> [CellSnapshot] {
        [SampleCells.first, SampleCells.second, third, fallback] + curated(measurer)
    }
    static let spacing = 8.0

    /// The cells the screenshot shows (a page short enough for one screenshot).
    static let screenshotCells = [SampleCells.first, SampleCells.second, third, fallback]

    static func tops(of cells: [CellSnapshot]) -> [Double] {
        var top = 0.0
        return cells.map { cell in
            defer { top += cell.size.height + spacing }
            return top
        }
    }

    private func withPage(_ cells: [CellSnapshot], fonts: FontCollection = TextMeasurer.shared.fonts,
                          _ body: (HeadlessChromium, URL, URL) throws -> Void) throws {
        let chromium = try HeadlessChromium.locate()
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("photofeed-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("feed.html")
        let html = HTMLFeedRenderer(width: 375, fonts: fonts, cellSpacing: Self.spacing, includesPositionProbe: true)
            .render(cells)
        try html.write(to: page, atomically: true, encoding: .utf8)
        try body(chromium, page, directory)
    }

    /// With the built-in fonts and with Liberation Sans as the primary font: the page loads the
    /// fonts the layouts were measured with, whichever they are.
    @Test(arguments: [FontManifest.builtIn, FontFixtures.liberation])
    func elementsLandOnTheLayoutFrames(manifest: FontManifest) throws {
        let measurer = try TextMeasurer.measurer(for: manifest)
        let cells = Self.cells(measurer)
        let cellTops = Self.tops(of: cells)
        try withPage(cells, fonts: measurer.fonts) { chromium, page, directory in
            // When chromium loads the page on a scale-3 screen (so 1/3-point frames are whole
            // device pixels) and dumps the DOM after the probe ran
            let dom = try chromium.run(["--force-device-scale-factor=3", "--virtual-time-budget=5000", "--dump-dom"],
                                       page: page, workDirectory: directory)
            let positions = try BrowserPositions.parse(dom: dom)

            // Then both faces of the primary font and the fallbacks (Noto Sans CJK JP regular and
            // bold, Noto Color Emoji) were loaded from their files
            #expect(cells.count > 100)
            #expect(positions.fonts.count == 5)
            #expect(positions.fonts.allSatisfy { $0.status == "loaded" }, "fonts: \(positions.fonts)")

            // And the cells are stacked at the cells' sizes
            let tolerance = 0.01
            try #require(positions.cells.count == cells.count)
            for ((box, cell), top) in zip(zip(positions.cells, cells), cellTops) {
                #expect(box.photoId == cell.photoID)
                #expect(abs(box.x) <= tolerance && abs(box.y - top) <= tolerance, "cell \(cell.photoID) at \(box)")
                #expect(abs(box.width - cell.size.width) <= tolerance)
                #expect(abs(box.height - cell.size.height) <= tolerance)
            }

            // And every node is where its frame says, relative to its cell
            let expectedNodes = zip(cells, cellTops).flatMap { cell, top in
                cell.nodes.map { (cell.photoID, $0, top) }
            }
            try #require(positions.nodes.count == expectedNodes.count)
            for (box, (photoID, node, top)) in zip(positions.nodes, expectedNodes) {
                #expect(box.photoId == photoID && box.nodeId == node.id)
                let deltas = [box.x - node.frame.minX, box.y - top - node.frame.minY,
                              box.width - node.frame.size.width, box.height - node.frame.size.height]
                #expect(deltas.allSatisfy { abs($0) <= tolerance },
                        "photo \(photoID) node \(node.id): browser \(box), frame \(node.frame)")
            }

            // And every text line's baseline sits at frame.y + baseline, and its glyphs are as wide
            // as our own engine (HarfBuzz on the same font files) measures the line, CJK and
            // emoji included
            let expectedLines = zip(cells, cellTops).flatMap { cell, top in
                cell.nodes.flatMap { node -> [(String, Double, Double, String)] in
                    guard case .text(let text) = node.content else { return [] }
                    let attributes = TextAttributes(fontSize: text.fontSize, fontWeight: text.isBold ? .bold : .regular)
                    return text.lines.map { line in
                        (node.id, top + node.frame.minY + line.baseline,
                         measurer.width(of: AttributedText(line.text, attributes: attributes)), line.text)
                    }
                }
            }
            try #require(positions.lines.count == expectedLines.count)
            for (line, (nodeID, baseline, width, text)) in zip(positions.lines, expectedLines) {
                #expect(line.nodeId == nodeID)
                #expect(abs(line.baseline - baseline) <= tolerance,
                        "\(nodeID): baseline \(line.baseline), want \(baseline)")
                #expect(abs(line.width - width) <= tolerance,
                        "\(nodeID) \"\(text)\": glyphs \(line.width) wide, measured \(width)")
            }
        }
    }

    @Test func screenshotPaintsTheFeed() throws {
        try withPage(Self.screenshotCells) { chromium, page, directory in
            // When chromium takes a screenshot of the whole feed at scale 2
            let tops = Self.tops(of: Self.screenshotCells)
            let height = Int((tops.last! + Self.screenshotCells.last!.size.height).rounded(.up))
            let screenshot = directory.appendingPathComponent("feed.png")
            _ = try chromium.run(["--force-device-scale-factor=2", "--virtual-time-budget=5000",
                                  "--window-size=375,\(height)", "--screenshot=\(screenshot.path)"],
                                 page: page, workDirectory: directory)
            if let keep = ProcessInfo.processInfo.environment["PHOTOFEED_KEEP_SCREENSHOT"] {
                try? FileManager.default.removeItem(atPath: keep)
                try FileManager.default.copyItem(at: screenshot, to: URL(fileURLWithPath: keep))
            }
            // Then it is a PNG of the window's size in device pixels, with enough in it to be
            // more than a blank page (a blank page of this size compresses to a few kB)
            let data = try Data(contentsOf: screenshot)
            #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
            try #require(data.count > 24)
            let bytes = [UInt8](data)
            let bigEndian = { (offset: Int) in bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) } }
            #expect(bigEndian(16) == 750)
            #expect(bigEndian(20) == height * 2)
            #expect(data.count > 40_000, "screenshot is only \(data.count) bytes")
        }
    }
}
