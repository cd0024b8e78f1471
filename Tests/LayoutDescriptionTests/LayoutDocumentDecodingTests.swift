import Testing
import LayoutCore
import LayoutDescription

/// Decoding of every document field, element type and style field.
@Suite struct LayoutDocumentDecodingTests {
    /// A document around `layout` with a fixed size range.
    static func document(_ layout: String, extra: String = "") throws -> LayoutDocument {
        try LayoutDocument(json: Array(#"{"sizeRange": {"min": [0, 0], "max": [300, "inf"]}, \#(extra)"layout": \#(layout)}"#.utf8))
    }

    private func kind(_ layout: String) throws -> ElementDescription.Kind {
        try Self.document(layout).layout.kind
    }

    private func leaf(_ id: String, at path: String) -> ElementDescription {
        ElementDescription(kind: .node(id: id, intrinsicSize: nil, layout: nil), path: path)
    }

    @Test func documentDefaults() throws {
        let document = try Self.document(#"{"type": "spacer"}"#)
        #expect(document.scale == 1)
        #expect(document.sizeRange == SizeRange(min: .zero, max: Size(300, .infinity)))
        #expect(document.parentSize == Size(300, .infinity))
        #expect(document.layout == ElementDescription(kind: .spacer, path: "$.layout"))
    }

    @Test func documentFields() throws {
        let document = try Self.document(#"{"type": "spacer"}"#, extra: #""scale": 3, "parentSize": ["inf", "nan"], "#)
        #expect(document.scale == 3)
        #expect(document.parentSize.width == .infinity)
        #expect(document.parentSize.height.isNaN)
        let finite = try Self.document(#"{"type": "spacer"}"#, extra: #""parentSize": [120.5, 0], "#)
        #expect(finite.parentSize == Size(120.5, 0))
    }

    @Test func nodeElements() throws {
        #expect(try kind(#"{"type": "node", "id": "A"}"#) == .node(id: "A", intrinsicSize: nil, layout: nil))
        #expect(try kind(#"{"type": "node", "id": "A", "intrinsicSize": [10, 20.5]}"#)
            == .node(id: "A", intrinsicSize: Size(10, 20.5), layout: nil))
        #expect(try kind(#"{"type": "node", "id": "A", "layout": {"type": "node", "id": "B"}}"#)
            == .node(id: "A", intrinsicSize: nil, layout: leaf("B", at: "$.layout.layout")))
    }

    @Test func textElements() throws {
        #expect(try kind(#"{"type": "text", "id": "T", "text": "Hello"}"#) == .text(TextDescription(id: "T", text: "Hello")))
        let full = #"{"type": "text", "id": "T", "text": "Hi", "fontSize": 17, "fontWeight": "bold", "maxLines": 2, "truncation": "..."}"#
        #expect(try kind(full) == .text(TextDescription(id: "T", text: "Hi", fontSize: 17, fontWeight: .bold, maxLines: 2,
                                                       truncation: "...")))
    }

    @Test func stackElementsWithDefaultsAndEveryOption() throws {
        #expect(try kind(#"{"type": "stack"}"#) == .stack(StackDescription(), children: []))
        let json = #"""
            {"type": "stack", "direction": "vertical", "spacing": -2.5, "justifyContent": "spaceBetween",
             "alignItems": "baselineLast", "flexWrap": "wrap", "alignContent": "stretch", "lineSpacing": 4,
             "horizontalAlignment": "middle", "verticalAlignment": "bottom",
             "children": [{"type": "node", "id": "A"}, {"type": "spacer"}]}
            """#
        var options = StackDescription()
        options.direction = .vertical
        options.spacing = -2.5
        options.justifyContent = .spaceBetween
        options.alignItems = .baselineLast
        options.flexWrap = .wrap
        options.alignContent = .stretch
        options.lineSpacing = 4
        options.horizontalAlignment = .middle
        options.verticalAlignment = .bottom
        #expect(try kind(json) == .stack(options, children: [
            leaf("A", at: "$.layout.children[0]"), ElementDescription(kind: .spacer, path: "$.layout.children[1]"),
        ]))
    }

    @Test func singleChildSpecs() throws {
        let child = #"{"type": "node", "id": "C"}"#
        let childDescription = leaf("C", at: "$.layout.child")
        #expect(try kind(#"{"type": "inset", "child": \#(child)}"#) == .inset(.zero, child: childDescription))
        #expect(try kind(#"{"type": "inset", "insets": {"top": 1, "left": "inf", "right": -3}, "child": \#(child)}"#)
            == .inset(EdgeInsets(top: 1, left: .infinity, bottom: 0, right: -3), child: childDescription))
        #expect(try kind(#"{"type": "center", "child": \#(child)}"#)
            == .center(centering: .none, sizing: .default, child: childDescription))
        #expect(try kind(#"{"type": "center", "centeringOptions": "xy", "sizingOptions": "minimumY", "child": \#(child)}"#)
            == .center(centering: .xy, sizing: .minimumY, child: childDescription))
        #expect(try kind(#"{"type": "relative", "child": \#(child)}"#)
            == .relative(horizontal: .none, vertical: .none, sizing: .default, child: childDescription))
        let relative = #"{"type": "relative", "horizontalPosition": "end", "verticalPosition": "center", "sizingOption": "minimumSize", "child": \#(child)}"#
        #expect(try kind(relative) == .relative(horizontal: .end, vertical: .center, sizing: .minimumSize,
                                                child: childDescription))
        #expect(try kind(#"{"type": "ratio", "ratio": 0.5, "child": \#(child)}"#) == .ratio(0.5, child: childDescription))
    }

    @Test func twoChildSpecs() throws {
        let a = #"{"type": "node", "id": "A"}"#, b = #"{"type": "node", "id": "B"}"#
        #expect(try kind(#"{"type": "overlay", "child": \#(a), "overlay": \#(b)}"#)
            == .overlay(child: leaf("A", at: "$.layout.child"), overlay: leaf("B", at: "$.layout.overlay")))
        #expect(try kind(#"{"type": "background", "child": \#(a), "background": \#(b)}"#)
            == .background(child: leaf("A", at: "$.layout.child"), background: leaf("B", at: "$.layout.background")))
        #expect(try kind(#"{"type": "corner", "child": \#(a), "corner": \#(b), "location": "topRight"}"#)
            == .corner(child: leaf("A", at: "$.layout.child"), corner: leaf("B", at: "$.layout.corner"),
                       location: .topRight, offset: .zero, wrapsCorner: false))
        let corner = #"{"type": "corner", "child": \#(a), "corner": \#(b), "location": "bottomLeft", "offset": [-4, 2.5], "wrapsCorner": true}"#
        #expect(try kind(corner) == .corner(child: leaf("A", at: "$.layout.child"), corner: leaf("B", at: "$.layout.corner"),
                                            location: .bottomLeft, offset: Point(-4, 2.5), wrapsCorner: true))
    }

    @Test func childListSpecs() throws {
        let children = #"[{"type": "node", "id": "A"}]"#
        #expect(try kind(#"{"type": "absolute", "children": \#(children)}"#)
            == .absolute(sizing: .default, children: [leaf("A", at: "$.layout.children[0]")]))
        #expect(try kind(#"{"type": "absolute", "sizing": "sizeToFit"}"#) == .absolute(sizing: .sizeToFit, children: []))
        #expect(try kind(#"{"type": "wrapper", "children": \#(children)}"#)
            == .wrapper(children: [leaf("A", at: "$.layout.children[0]")]))
        #expect(try kind(#"{"type": "spacer"}"#) == .spacer)
    }

    @Test func everyStyleField() throws {
        let json = #"""
            {"type": "spacer", "style": {"width": 10, "height": "12pt", "minWidth": "50%", "maxWidth": "auto",
             "minHeight": 0.5, "maxHeight": "100%", "flexBasis": "25%", "flexGrow": 1, "flexShrink": 0.5,
             "spacingBefore": -1, "spacingAfter": 2, "ascender": 11.5, "descender": -3.25, "alignSelf": "center",
             "layoutPosition": [-5, 7]}}
            """#
        let style = try Self.document(json).layout.style
        var expected = LayoutStyle()
        expected.width = .points(10)
        expected.height = .points(12)
        expected.minWidth = .fraction(0.5)
        expected.maxWidth = .auto
        expected.minHeight = .points(0.5)
        expected.maxHeight = .fraction(1)
        expected.flexBasis = .fraction(0.25)
        expected.flexGrow = 1
        expected.flexShrink = 0.5
        expected.spacingBefore = -1
        expected.spacingAfter = 2
        expected.ascender = 11.5
        expected.descender = -3.25
        expected.alignSelf = .center
        expected.layoutPosition = Point(-5, 7)
        #expect(style == expected)
    }

    @Test func styleMembersApplyInDocumentOrder() throws {
        let widthLast = try Self.document(#"{"type": "spacer", "style": {"preferredSize": [1, 2], "width": "50%"}}"#)
        #expect(widthLast.layout.style.width == .fraction(0.5))
        #expect(widthLast.layout.style.height == .points(2))
        let sizeLast = try Self.document(#"{"type": "spacer", "style": {"width": "50%", "preferredSize": [1, 2]}}"#)
        #expect(sizeLast.layout.style.width == .points(1))
    }

    @Test func nodesWithLayoutsAreListed() throws {
        let json = #"""
            {"type": "stack", "children": [{"type": "node", "id": "A", "layout": {"type": "node", "id": "B",
             "layout": {"type": "spacer"}}}, {"type": "node", "id": "C"}]}
            """#
        #expect(try Self.document(json).layout.nodeIDsWithLayouts == ["A", "B"])
    }

    @Test func elementsMayNestExactly256Levels() throws {
        let depth = LayoutDocument.maxElementDepth
        let json = String(repeating: #"{"type": "wrapper", "children": ["#, count: depth - 1) + #"{"type": "spacer"}"#
            + String(repeating: "]}", count: depth - 1)
        var element = try Self.document(json).layout
        var levels = 1
        while case .wrapper(let children) = element.kind, let child = children.first {
            element = child
            levels += 1
        }
        #expect(levels == depth)
        #expect(element.kind == .spacer)
    }
}
