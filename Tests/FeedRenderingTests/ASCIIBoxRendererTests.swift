import FeedRendering
import LayoutCore
import PhotoFeed
import Testing

@Suite struct ASCIIBoxRendererTests {
    @Test func smallCellMatchesGolden() {
        // Given a 320 × 60 cell drawn 64 columns wide (63 steps of 5.08 pt, 10 pt per row)
        // When it is rendered
        let text = ASCIIBoxRenderer(columns: 64).render(SampleCells.small)
        // Then the badge, drawn last, covers the avatar's corner and the name's bottom edge; the
        // avatar's caption is cut to the box; the name's lines fit inside their box
        #expect(text == """
            photo 7 · 320 × 60 pt · 64 columns
            +avatar-----+
            |           | +name------------------------------------------+
            |           | |Ana Lima                                      |
            |image 180×~| |Lisbon, a rather long place name that is cut  |
            |       +badge--+                                            |
            |       |       |--------------------------------------------+
            +-------+-------+

            avatar: (0, 0) 60 × 60 image 180×180
            name: (70, 10) 240 × 40 text 14pt bold, 2 lines
            badge: (40, 40) 40 × 20 box

            """)
    }

    @Test func laterNodesDrawOverEarlierOnes() {
        // Given two nodes with the same frame
        let frame = Rect(0, 0, 100, 40)
        let cell = { (ids: [String]) in
            CellSnapshot(photoID: 1, size: Size(100, 40), nodes: ids.map { NodeSnapshot(id: $0, frame: frame) })
        }
        let renderer = ASCIIBoxRenderer(columns: 20, listsFrames: false)
        // When drawn in either order, Then the last one's label is the one shown
        #expect(renderer.render(cell(["under", "over"])).split(separator: "\n")[1] == "+over--------------+")
        #expect(renderer.render(cell(["over", "under"])).split(separator: "\n")[1] == "+under-------------+")
    }

    @Test func clipsNodesToTheCellAndKeepsTinyNodesVisible() {
        // Given a node hanging off the cell's top left, one off its bottom right and an empty one
        let cell = CellSnapshot(photoID: 2, size: Size(100, 20), nodes: [
            NodeSnapshot(id: "a", frame: Rect(-50, -50, 80, 60)),
            NodeSnapshot(id: "b", frame: Rect(70, 10, 90, 90)),
            NodeSnapshot(id: "z", frame: Rect(50, 10, 0, 0)),
        ])
        // When drawn 10 columns wide (9 steps of 11.1 pt, 20 pt per row: one row)
        let text = ASCIIBoxRenderer(columns: 10, listsFrames: false).render(cell)
        // Then each box is clipped to the 10 × 2 grid and the empty node is a 2 × 2 box, touching b
        #expect(text == """
            photo 2 · 100 × 20 pt · 10 columns
            +a-+ ++b-+
            +--+ ++--+

            """)
    }

    @Test func dropsTextLinesThatDoNotFitAndCutsLongOnes() {
        // Given a text node with three lines but room for two rows inside its box
        let cell = SampleCells.textBlock(photoID: 3, size: Size(120, 40), box: Rect(0, 0, 120, 30),
                                         lines: ["first line", "second line is far too long", "third"], x: 10, width: 50)
        // When drawn 24 columns wide (23 steps of 5.2 pt, 10 pt per row)
        let text = ASCIIBoxRenderer(columns: 24, listsFrames: false).render(cell)
        // Then the lines start two columns in (x = 10 pt), the long one is cut with "~", the third is
        // dropped, and the grid's last
        // row (the cell's bottom 10 pt, under the box) is empty
        #expect(text == """
            photo 3 · 120 × 40 pt · 24 columns
            +t---------------------+
            |  first line          |
            |  second line is far ~|
            +----------------------+


            """)
    }

    @Test func showsLoadingAndLoadedImages() {
        // Given the same image node loading, then loaded
        let frame = Rect(0, 0, 200, 60)
        let loading = CellSnapshot(photoID: 4, size: Size(200, 60), nodes: [
            NodeSnapshot(id: "photo", frame: frame, content: .image(ImageSnapshot(url: "u"))),
        ])
        var loaded = loading
        loaded.nodes[0].content = .image(ImageSnapshot(url: "u", pixelSize: Size(1080, 720), isLoaded: true))
        let renderer = ASCIIBoxRenderer(columns: 20, listsFrames: false)
        // Then the caption, centred on the upper of the two inner rows, says which
        #expect(renderer.render(loading).split(separator: "\n")[2] == "| image (loading)  |")
        #expect(renderer.render(loaded).split(separator: "\n")[2] == "|  image 1080×720  |")
    }

    @Test(arguments: [4, 10, 64, 80, 1_000])
    func aCellIsDrawnOnExactlyItsColumns(columns: Int) {
        // Given a node that fills its cell
        let cell = CellSnapshot(photoID: 8, size: Size(375, 120),
                                nodes: [NodeSnapshot(id: "all", frame: Rect(0, 0, 375, 120))])
        // When drawn `columns` wide
        let lines = ASCIIBoxRenderer(columns: columns, listsFrames: false).render(cell)
            .split(separator: "\n").dropFirst()
        // Then its box spans the columns, from the first to the last, and no line is wider
        #expect(lines.first?.count == columns)
        #expect(lines.last?.count == columns)
        #expect(lines.allSatisfy { $0.count == columns })
    }

    @Test func differentCellsDrawDifferently() {
        let renderer = ASCIIBoxRenderer()
        #expect(renderer.render(SampleCells.first) != renderer.render(SampleCells.second))
    }
}
