import FeedRendering
import LayoutCore
import PhotoFeed
import Testing

@Suite struct SVGRendererTests {
    private func parse(_ svg: String) throws -> XMLTree {
        try XMLTree.parse(svg)
    }

    private func nodeGroups(_ root: XMLTree) -> [XMLTree] {
        root.children(named: "g").filter { $0.attributes["data-node-id"] != nil }
    }


    @Test(arguments: [SampleCells.first, SampleCells.second, SampleCells.small])
    func everyNodeIsOneRectAtItsFrame(cell: CellSnapshot) throws {
        // When a cell is rendered and parsed back as XML
        let root = try parse(SVGRenderer().render(cell))
        // Then the view box is the cell's size
        #expect(root.name == "svg")
        let viewBox = root.attributes["viewBox"]?.split(separator: " ").compactMap { Double($0) }
        #expect(viewBox == [0, 0, cell.size.width, cell.size.height])
        // And there is exactly one rect per node, in order, at exactly its frame
        let allRects = root.descendants(named: "rect")
        #expect(allRects.count == cell.nodes.count)
        let groups = nodeGroups(root)
        #expect(groups.map { $0.attributes["data-node-id"] } == cell.nodes.map(\.id))
        for (group, node) in zip(groups, cell.nodes) {
            let rects = group.children(named: "rect")
            try #require(rects.count == 1)
            let rect = rects[0]
            #expect(rect.double("x") == node.frame.minX)
            #expect(rect.double("y") == node.frame.minY)
            #expect(rect.double("width") == node.frame.size.width)
            #expect(rect.double("height") == node.frame.size.height)
            #expect(group.children(named: "title").first?.text == node.id)
        }
        // And nothing is transformed
        #expect(([root] + root.descendants(named: "g") + allRects).allSatisfy { $0.attributes["transform"] == nil })
        #expect(!SVGRenderer().render(cell).contains("transform"))
    }

    @Test func textLinesSitAtTheirBaselinesInTheirFont() throws {
        // Given the first sample cell's caption (two lines) and bold username
        let root = try parse(SVGRenderer().render(SampleCells.first))
        for node in SampleCells.first.nodes {
            guard case .text(let text) = node.content else { continue }
            let group = try #require(nodeGroups(root).first { $0.attributes["data-node-id"] == node.id })
            let lines = group.children(named: "text").filter { $0.attributes["class"] == "line" }
            // Then each line is a text element at (frame.x + x, frame.y + baseline) with the font's size and weight
            #expect(lines.map(\.text) == text.lines.map(\.text))
            for (element, line) in zip(lines, text.lines) {
                #expect(element.double("x") == node.frame.minX + line.x)
                #expect(element.double("y") == node.frame.minY + line.baseline)
                #expect(element.double("font-size") == text.fontSize)
                #expect(element.attributes["font-weight"] == (text.isBold ? "bold" : "normal"))
            }
        }
        #expect(root.attributes["font-family"] == "DejaVu Sans")
    }

    @Test func imagesAreCrossedPlaceholdersWithTheirPixelSize() throws {
        let root = try parse(SVGRenderer().render(SampleCells.second))
        let images = nodeGroups(root).filter { $0.attributes["class"] == "node image" }
        #expect(images.count == 2)
        for group in images {
            #expect(group.children(named: "line").count == 2)
        }
        let captions = images.map { group in
            group.children(named: "text").first { $0.attributes["class"] == "caption" }?.text
        }
        // (the 30-point avatar's caption drops its "image" prefix to fit)
        #expect(captions == ["loading", "image 1080×1080"])
    }

    @Test func escapesIdsAndTexts() throws {
        // Given an id and a text full of XML's special characters and a control character
        let id = "a<b>&\"c'"
        let line = "if x < 3 && y > \"4\" then 'ok'\u{1}"
        let cell = CellSnapshot(photoID: 9, size: Size(100, 50), nodes: [
            NodeSnapshot(id: id, frame: Rect(0, 0, 100, 50), content: .text(TextSnapshot(lines: [
                TextLineSnapshot(text: line, baseline: 12, width: 90),
            ], fontSize: 10))),
        ])
        // When rendered, Then the document parses and gives the strings back (the control
        // character replaced, since XML cannot carry it)
        let svg = SVGRenderer().render(cell)
        let root = try parse(svg)
        let group = try #require(nodeGroups(root).first)
        #expect(group.attributes["data-node-id"] == id)
        #expect(group.children(named: "title").first?.text == id)
        let texts = group.children(named: "text").map(\.text)
        #expect(texts.contains("if x < 3 && y > \"4\" then 'ok'\u{FFFD}"))
        #expect(!svg.contains("a<b>"))
        // And the parser would have refused the raw strings
        #expect(throws: XMLTree.ParseError.self) { try XMLTree.parse("<svg><title>\(id)</title></svg>") }
    }

    @Test func printsShortestRoundTrippingNumbers() {
        // Given frames with integral, binary-fraction and repeating values
        let cell = CellSnapshot(photoID: 1, size: Size(320, 100.5), nodes: [
            NodeSnapshot(id: "n", frame: Rect(0.1 + 0.2, -0.0, 12.333333333333334, 1e-7)),
        ])
        let svg = SVGRenderer().render(cell)
        // Then integers have no ".0", negative zero is "0", others read back exactly
        #expect(svg.contains("viewBox=\"0 0 320 100.5\""))
        #expect(svg.contains("<rect class=\"box\" x=\"0.30000000000000004\" y=\"0\" width=\"12.333333333333334\" "
            + "height=\"1e-07\"/>"))
    }

    @Test func isDeterministicAndMatchesGolden() {
        // Given the smallest sample, When rendered twice, Then the bytes are equal and exact
        let svg = SVGRenderer().render(SampleCells.small)
        #expect(svg == SVGRenderer().render(SampleCells.small))
        #expect(svg.hasPrefix("""
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="320" height="60" viewBox="0 0 320 60" \
            font-family="DejaVu Sans" data-photo-id="7">
            """))
        #expect(svg.hasSuffix("""
              <g class="node box-node" data-node-id="badge">
                <title>badge</title>
                <rect class="box" x="40" y="40" width="40" height="20"/>
                <text class="label" x="79" y="47" font-size="7" text-anchor="end">badge</text>
              </g>
            </svg>

            """))
    }
}
