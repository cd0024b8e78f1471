import Testing
import LayoutCore
import LayoutDescription
import NodeKit
import TextLayout

/// End to end: JSON description → decoding → building → measuring → result line.
@Suite struct LayoutDocumentComputeTests {
    private func compute(_ json: String) throws -> String {
        try LayoutDocument(json: Array(json.utf8)).computeLayout().resultLine
    }

    /// ENG fixture F1 (asserted-cases E): B 1×1 (flexShrink 1), C 2×1, D 1×1 in a horizontal
    /// spaceBetween stack aligned to the start, measured at exactly 10×1.
    @Test func stackFixtureF1() throws {
        let json = #"""
            {"sizeRange": {"min": [10, 1], "max": [10, 1]},
             "layout": {"type": "stack", "justifyContent": "spaceBetween", "alignItems": "start", "children": [
               {"type": "node", "id": "B", "intrinsicSize": [1, 1], "style": {"flexShrink": 1}},
               {"type": "node", "id": "C", "intrinsicSize": [2, 1]},
               {"type": "node", "id": "D", "intrinsicSize": [1, 1]}]}}
            """#
        #expect(try compute(json)
            == #"{"size":[10,1],"nodes":[{"id":"B","frame":[0,0,1,1]},{"id":"C","frame":[4,0,2,1]},{"id":"D","frame":[9,0,1,1]}]}"#)
    }

    /// ENG fixture F3: B wants 8×1 and shrinks to 7.
    @Test func stackFixtureF3() throws {
        let json = #"""
            {"sizeRange": {"min": [10, 1], "max": [10, 1]},
             "layout": {"type": "stack", "justifyContent": "spaceBetween", "alignItems": "start", "children": [
               {"type": "node", "id": "B", "intrinsicSize": [8, 1], "style": {"flexShrink": 1}},
               {"type": "node", "id": "C", "intrinsicSize": [2, 1]},
               {"type": "node", "id": "D", "intrinsicSize": [1, 1]}]}}
            """#
        #expect(try compute(json)
            == #"{"size":[10,1],"nodes":[{"id":"B","frame":[0,0,7,1]},{"id":"C","frame":[7,0,2,1]},{"id":"D","frame":[9,0,1,1]}]}"#)
    }

    @Test func nestedNodeLayoutsAreListedRelativeToTheirNode() throws {
        // Given an inset (10 all round) around an overlay whose overlay node centres a 10.3 × 10 node, at scale 2
        let json = #"""
            {"scale": 2, "sizeRange": {"min": [0, 0], "max": [300, "inf"]},
             "layout": {"type": "inset", "insets": {"top": 10, "left": 10, "bottom": 10, "right": 10},
               "child": {"type": "overlay", "child": {"type": "node", "id": "R", "style": {"preferredSize": [50, 50]}},
                 "overlay": {"type": "node", "id": "B", "layout": {"type": "center", "centeringOptions": "xy",
                   "child": {"type": "node", "id": "C", "intrinsicSize": [10.3, 10]}}}}}}
            """#
        // Then B fills R's frame, and C (ceiled to 10.5 wide) sits at round-pixel (50 − 10.5) / 2 = 20 inside B
        #expect(try compute(json) == #"{"size":[70,70],"nodes":[{"id":"R","frame":[10,10,50,50]},{"id":"B","frame":[10,10,50,50],"nodes":[{"id":"C","frame":[20,20,10.5,10]}]}]}"#)
    }

    @Test func plainNodesFillAFiniteMaxAndCollapseWhenUnbounded() throws {
        let finite = #"{"sizeRange": {"min": [0, 0], "max": [120, 40]}, "layout": {"type": "node", "id": "P"}}"#
        #expect(try compute(finite) == #"{"size":[120,40],"nodes":[{"id":"P","frame":[0,0,120,40]}]}"#)
        let unbounded = #"{"sizeRange": {"min": [5, 6], "max": [120, "inf"]}, "layout": {"type": "node", "id": "P"}}"#
        #expect(try compute(unbounded) == #"{"size":[5,6],"nodes":[{"id":"P","frame":[0,0,5,6]}]}"#)
    }

    @Test func aNodeWhoseLayoutHoldsNoNodesListsAnEmptyArray() throws {
        let json = #"""
            {"sizeRange": {"min": [0, 0], "max": [100, 100]},
             "layout": {"type": "node", "id": "N", "layout": {"type": "spacer", "style": {"height": 30}}}}
            """#
        #expect(try compute(json) == #"{"size":[0,30],"nodes":[{"id":"N","frame":[0,0,0,30],"nodes":[]}]}"#)
    }

    @Test func absolutePositionsAndRatio() throws {
        let json = #"""
            {"scale": 3, "sizeRange": {"min": [0, 0], "max": [200, 200]},
             "layout": {"type": "absolute", "sizing": "sizeToFit", "children": [
               {"type": "node", "id": "A", "style": {"preferredSize": [10, 10], "layoutPosition": [5, 7]}},
               {"type": "ratio", "ratio": 0.5, "style": {"layoutPosition": [20, 0]},
                "child": {"type": "node", "id": "B", "style": {"width": 30}}}]}}
            """#
        // The ratio spec at x = 20 gets max 180 × 200: full width gives 180 × 90, exactly the ratio, and its
        // child is measured with that exact size, which wins over B's own width of 30 (semantics §3.7).
        // The absolute spec fits its children: width max(5 + 10, 20 + 180), height max(7 + 10, 90).
        #expect(try compute(json)
            == #"{"size":[200,90],"nodes":[{"id":"A","frame":[5,7,10,10]},{"id":"B","frame":[20,0,180,90]}]}"#)
    }

    @Test func stackAlignmentHelpersApplyAfterJustifyAndAlign() throws {
        // Given horizontalAlignment right and verticalAlignment center on a horizontal stack (STK-API-01:
        // justify end, align center), with an explicit justifyContent the helper overrides
        let json = #"""
            {"sizeRange": {"min": [100, 40], "max": [100, 40]},
             "layout": {"type": "stack", "justifyContent": "start", "horizontalAlignment": "right",
               "verticalAlignment": "center", "children": [{"type": "node", "id": "A", "intrinsicSize": [10, 10]}]}}
            """#
        #expect(try compute(json) == #"{"size":[100,40],"nodes":[{"id":"A","frame":[90,15,10,10]}]}"#)
    }

    @Test func textElementsMapToTextNodes() throws {
        // Given a text element with every field set
        let json = #"""
            {"sizeRange": {"min": [0, 0], "max": [100, 100]},
             "layout": {"type": "text", "id": "T", "text": "Hi there", "fontSize": 17, "fontWeight": "bold",
               "maxLines": 2, "truncation": "...", "style": {"flexGrow": 1, "ascender": 99}}}
            """#
        // When built
        let element = try LayoutDocument(json: Array(json.utf8)).layout.makeElement()
        // Then it is a text node with those attributes and options; the font's ascender replaces the style's
        let node = try #require(element as? TextNode)
        #expect(node.id == "T")
        #expect(node.attributedText == AttributedText("Hi there", attributes: TextAttributes(fontSize: 17, fontWeight: .bold)))
        #expect(node.maximumNumberOfLines == 2)
        #expect(node.truncationString == "...")
        #expect(node.style.flexGrow == 1)
        #expect(node.style.ascender == node.measurer.lineMetrics(for: TextAttributes(fontSize: 17, fontWeight: .bold)).ascender)
        // And the defaults are 14pt regular, unlimited lines, "…"
        let plain = try LayoutDocument(json: Array(#"{"sizeRange": {"min": [0, 0], "max": [1, 1]}, "layout": {"type": "text", "id": "P", "text": "x"}}"#.utf8))
        let plainNode = try #require(try plain.layout.makeElement() as? TextNode)
        #expect(plainNode.attributedText == AttributedText("x", attributes: TextAttributes(fontSize: 14, fontWeight: .regular)))
        #expect(plainNode.maximumNumberOfLines == 0)
        #expect(plainNode.truncationString == "\u{2026}")
    }

    @Test func textIsMeasuredByTheTextEngineAtTheDocumentScale() throws {
        // Given a caption that wraps at 120 points, limited to two lines, at scale 3
        let text = "Hello world, this is a caption long enough to wrap over several lines"
        let json = #"""
            {"scale": 3, "sizeRange": {"min": [0, 0], "max": [120, "inf"]},
             "layout": {"type": "text", "id": "T", "text": "\#(text)", "fontSize": 13, "maxLines": 2}}
            """#
        // When computed
        let computed = try LayoutDocument(json: Array(json.utf8)).computeLayout()
        // Then its frame is the engine's measurement of the same request, ceiled to thirds of a point
        let measurer = try TextMeasurer()
        let measured = measurer.measure(AttributedText(text, attributes: TextAttributes(fontSize: 13)),
                                        options: TextLayoutOptions(maximumNumberOfLines: 2), maxWidth: 120, scale: 3)
        #expect(measured.lines.count == 2)
        let size = PixelSnapping.ceil(Size(measured.width, measured.height), scale: 3)
        #expect(computed.layout.size == size)
        #expect(computed.layout.sublayouts.map(\.frame) == [Rect(origin: .zero, size: size)])
        #expect(computed.resultLine == "{\"size\":[\(JSONText.number(size.width)),\(JSONText.number(size.height))],"
            + "\"nodes\":[{\"id\":\"T\",\"frame\":[0,0,\(JSONText.number(size.width)),\(JSONText.number(size.height))]}]}")
    }

    @Test func infiniteAndUndefinedParentSizesGoToTheHost() throws {
        let json = #"""
            {"sizeRange": {"min": [0, 0], "max": [100, 100]}, "parentSize": ["nan", "inf"],
             "layout": {"type": "node", "id": "A", "style": {"width": "50%", "height": 20}}}
            """#
        // The parent size is the host's; the host (no style) hands its spec its own resolved max, 100 × 100,
        // so A's 50% is 50.
        #expect(try compute(json) == #"{"size":[50,20],"nodes":[{"id":"A","frame":[0,0,50,20]}]}"#)
    }
}
