import Testing
import LayoutCore
import LayoutDescription

@Suite struct LayoutResultLineTests {
    private func node(_ id: LayoutElementID, _ frame: Rect, _ sublayouts: [Layout] = []) -> Layout {
        Layout(element: id, isNode: true, exactSize: frame.size, position: frame.origin, sublayouts: sublayouts)
    }

    @Test func leavesHaveNoNodesKeyAndNodesWithLayoutsAlwaysHaveOne() {
        // Given a host with a leaf, a node with its own layout, and a node with a layout that laid out nothing
        let host = node("", Rect(0, 0, 300, 50), [
            node("R", Rect(0, 0, 50, 50)),
            node("B", Rect(50, 0, 50, 50), [node("C", Rect(20, 20, 10.5, 10))]),
            node("E", Rect(100, 0, 0, 0)),
        ])
        // When printed
        let line = host.resultLine(nodesWithLayouts: ["B", "E"])
        // Then leaves have no "nodes" and nodes with layouts list theirs, even when empty
        #expect(line == #"{"size":[300,50],"nodes":[{"id":"R","frame":[0,0,50,50]},{"id":"B","frame":[50,0,50,50],"nodes":[{"id":"C","frame":[20,20,10.5,10]}]},{"id":"E","frame":[100,0,0,0],"nodes":[]}]}"#)
    }

    @Test func numbersAreShortestAndIdsAreEscaped() {
        let host = node("", Rect(0, 0, 100.33333333333333, 0.5), [
            node("quote\"back\\slash\nline", Rect(-2.5, 1.0 / 3.0, 1e-7, 12_345_678)),
        ])
        #expect(host.resultLine(nodesWithLayouts: []) == #"{"size":[100.33333333333333,0.5],"nodes":[{"id":"quote\"back\\slash\nline","frame":[-2.5,0.3333333333333333,1e-07,12345678]}]}"#)
    }

    @Test func emptyHostPrintsAnEmptyNodeList() {
        #expect(node("", Rect(0, 0, 0, 0)).resultLine(nodesWithLayouts: []) == #"{"size":[0,0],"nodes":[]}"#)
    }

    @Test func flatteningKeepsNodeSubtreesAndSnapsAbsolutePositions() {
        // Given a spec at (10.2, 0) holding a node at (0.1, 0.3) that has a sublayout of its own
        let inner = node("inner", Rect(1, 1, 2, 2))
        let spec = Layout(element: "stack", isNode: false, exactSize: Size(50, 50), position: Point(10.2, 0),
                          sublayouts: [node("A", Rect(0.1, 0.3, 5, 5), [inner])])
        let root = Layout(element: "", isNode: true, exactSize: Size(60, 60), position: .zero, sublayouts: [spec])
        // When flattened at scale 2 keeping subtrees
        let flat = root.flattenedKeepingNodeSublayouts(context: LayoutContext(scale: 2))
        // Then the node sits at its ceil-snapped absolute position and keeps its own tree, as plain flattening places it
        #expect(flat.sublayouts == [node("A", Rect(10.5, 0.5, 5, 5), [inner])])
        #expect(root.flattened(context: LayoutContext(scale: 2)).sublayouts.map(\.frame) == [Rect(10.5, 0.5, 5, 5)])
    }
}
