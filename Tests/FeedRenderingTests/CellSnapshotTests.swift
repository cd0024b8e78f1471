import FeedRendering
import Foundation
import LayoutCore
import PhotoFeed
import Testing

@Suite struct CellSnapshotTests {
    @Test func buildsNodesFromAFlattenedLayoutWithTheirContents() {
        // Given a cell's flattened layout: two node layouts at absolute positions
        let layout = Layout(element: "cell", isNode: true, exactSize: Size(320, 100), position: .zero, sublayouts: [
            Layout(element: "avatar", isNode: true, exactSize: Size(40, 40), position: Point(8, 8), sublayouts: []),
            Layout(element: "name", isNode: true, exactSize: Size(100, 17), position: Point(56, 19.5), sublayouts: []),
            Layout(element: "spacer", isNode: true, exactSize: Size(10, 10), position: Point(0, 90), sublayouts: []),
        ])
        let name = TextSnapshot(lines: [TextLineSnapshot(text: "Ana", baseline: 13, width: 27)], fontSize: 14)
        let avatar = ImageSnapshot(url: "a.jpg", pixelSize: Size(80, 80), isLoaded: true)
        // When the snapshot is built with contents by id
        let cell = CellSnapshot(photoID: 42, layout: layout, contents: ["name": .text(name), "avatar": .image(avatar)])
        // Then it keeps the size, order and frames, and nodes without content are boxes
        #expect(cell == CellSnapshot(photoID: 42, size: Size(320, 100), nodes: [
            NodeSnapshot(id: "avatar", frame: Rect(8, 8, 40, 40), content: .image(avatar)),
            NodeSnapshot(id: "name", frame: Rect(56, 19.5, 100, 17), content: .text(name)),
            NodeSnapshot(id: "spacer", frame: Rect(0, 90, 10, 10), content: .box),
        ]))
    }

    @Test func flattensANestedLayoutAtTheGivenScale() {
        // Given a node inside an inset spec at a raw fractional offset
        let inner = Layout(element: "title", isNode: true, exactSize: Size(50, 20), position: Point(0.2, 0.1),
                           sublayouts: [])
        let inset = Layout(element: "inset", isNode: false, exactSize: Size(70, 40), position: Point(10, 10),
                           sublayouts: [inner])
        let layout = Layout(element: "cell", isNode: true, exactSize: Size(100, 60), position: .zero,
                            sublayouts: [inset])
        // When built at scale 3, Then the node sits at its absolute position snapped up to 1/3 pt
        let cell = CellSnapshot(photoID: 1, layout: layout, scale: 3) { _ in nil }
        #expect(cell.nodes == [NodeSnapshot(id: "title", frame: Rect(10.333333333333334, 10.333333333333334, 50, 20))])
    }

    @Test func roundTripsThroughJSON() throws {
        let data = try JSONEncoder().encode(SampleCells.first)
        #expect(try JSONDecoder().decode(CellSnapshot.self, from: data) == SampleCells.first)
    }

    @Test func imageCaptions() {
        #expect(ImageSnapshot().caption == "image (loading)")
        #expect(ImageSnapshot(pixelSize: Size(1080, 720), isLoaded: true).caption == "image 1080×720")
        #expect(ImageSnapshot(isLoaded: true).caption == "image")
        let avatar = ImageSnapshot(pixelSize: Size(90, 90), isLoaded: true)
        #expect(avatar.caption(fittingWidth: 30, fontSize: 7.5) == "90×90")
        #expect(avatar.caption(fittingWidth: 375, fontSize: 11) == "image 90×90")
    }
}
