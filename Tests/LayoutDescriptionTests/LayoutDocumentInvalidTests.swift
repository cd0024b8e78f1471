import Testing
import LayoutCore
import LayoutDescription

/// Every kind of invalid document, with the exact path and message reported.
@Suite struct LayoutDocumentInvalidTests {
    private static let range = #""sizeRange": {"min": [0, 0], "max": [300, "inf"]}"#

    private func message(_ json: String) -> String? {
        do {
            _ = try LayoutDocument(json: Array(json.utf8))
            return nil
        } catch {
            return error.description
        }
    }

    /// The message for a document whose `layout` is `layout`.
    private func message(layout: String) -> String? {
        message(#"{\#(Self.range), "layout": \#(layout)}"#)
    }

    @Test(arguments: [
        ("[]", "$: expected a layout document (an object), got an array"),
        (#"{"layout": {"type": "spacer"}}"#, #"$: missing required field "sizeRange""#),
        (#"{\#(range)}"#, #"$: missing required field "layout""#),
        (#"{\#(range), "layout": {"type": "spacer"}, "extra": 1}"#,
         #"$.extra: unknown field "extra" in a layout document; expected one of scale, sizeRange, parentSize, layout"#),
        (#"{"scale": 0, \#(range), "layout": {"type": "spacer"}}"#, "$.scale: expected a finite number > 0, got 0"),
        (#"{"scale": "2", \#(range), "layout": {"type": "spacer"}}"#, #"$.scale: expected a finite number > 0, got "2""#),
        (#"{"scale": 1e999, \#(range), "layout": {"type": "spacer"}}"#,
         "$.scale: expected a finite number > 0, got a number too large for a double"),
        (#"{"sizeRange": {"min": [0, 0]}, "layout": {"type": "spacer"}}"#, #"$.sizeRange: missing required field "max""#),
        (#"{"sizeRange": {"min": ["inf", 0], "max": [1, 1]}, "layout": {"type": "spacer"}}"#,
         #"$.sizeRange.min[0]: expected a finite number >= 0, got "inf""#),
        (#"{"sizeRange": {"min": [0, -1], "max": [1, 1]}, "layout": {"type": "spacer"}}"#,
         "$.sizeRange.min[1]: expected a finite number >= 0, got -1"),
        (#"{"sizeRange": {"min": [0, 0], "max": [1, "nan"]}, "layout": {"type": "spacer"}}"#,
         #"$.sizeRange.max[1]: expected a finite number >= 0 or "inf", got "nan""#),
        (#"{"sizeRange": {"min": [0, 0], "max": [1]}, "layout": {"type": "spacer"}}"#,
         #"$.sizeRange.max: expected [width, height], two of a finite number >= 0 or "inf", got an array of 1"#),
        (#"{"sizeRange": {"min": [5, 0], "max": [4, 1]}, "layout": {"type": "spacer"}}"#,
         "$.sizeRange: min width 5 exceeds max width 4"),
        (#"{"sizeRange": {"min": [0, 7.5], "max": [4, 1]}, "layout": {"type": "spacer"}}"#,
         "$.sizeRange: min height 7.5 exceeds max height 1"),
        (#"{\#(range), "parentSize": [-1, 0], "layout": {"type": "spacer"}}"#,
         #"$.parentSize[0]: expected a finite number >= 0, "inf" or "nan", got -1"#),
        (#"{\#(range), "parentSize": {"w": 1}, "layout": {"type": "spacer"}}"#,
         #"$.parentSize: expected [width, height], two of a finite number >= 0, "inf" or "nan", got an object"#),
    ])
    func invalidDocumentFields(json: String, expected: String) {
        #expect(message(json) == expected)
    }

    @Test(arguments: [
        ("7", #"$.layout: expected an element (an object with a "type"), got 7"#),
        (#"{"style": {}}"#, #"$.layout: missing required field "type""#),
        (#"{"type": 3}"#, "$.layout.type: expected an element type name, got 3"),
        (#"{"type": "grid"}"#, #"$.layout.type: unknown element type "grid"; expected node, text, spacer, stack, inset, overlay, background, center, relative, ratio, absolute, corner, wrapper"#),
        (#"{"type": "spacer", "child": {}}"#, #"$.layout.child: unknown field "child" in a spacer element; expected one of type, style"#),
        (#"{"type": "node"}"#, #"$.layout: missing required field "id""#),
        (#"{"type": "node", "id": ""}"#, #"$.layout.id: expected a non-empty string, got """#),
        (#"{"type": "node", "id": 5}"#, "$.layout.id: expected a non-empty string, got 5"),
        (#"{"type": "stack", "children": [{"type": "node", "id": "A"}, {"type": "node", "id": "A"}]}"#,
         #"$.layout.children[1].id: duplicate id "A", first used at $.layout.children[0].id"#),
        (#"{"type": "node", "id": "A", "layout": {"type": "text", "id": "A", "text": ""}}"#,
         #"$.layout.layout.id: duplicate id "A", first used at $.layout.id"#),
        (#"{"type": "node", "id": "A", "intrinsicSize": [1, -2]}"#, "$.layout.intrinsicSize[1]: expected a finite number >= 0, got -2"),
        (#"{"type": "node", "id": "A", "intrinsicSize": "10x10"}"#,
         #"$.layout.intrinsicSize: expected [width, height], two of a finite number >= 0, got "10x10""#),
        (#"{"type": "node", "id": "A", "layout": []}"#, #"$.layout.layout: expected an element (an object with a "type"), got an array"#),
        (#"{"type": "text", "id": "T"}"#, #"$.layout: missing required field "text""#),
        (#"{"type": "text", "id": "T", "text": "x", "fontSize": 0}"#, "$.layout.fontSize: expected a finite number > 0, got 0"),
        (#"{"type": "text", "id": "T", "text": "x", "fontWeight": "heavy"}"#,
         #"$.layout.fontWeight: expected one of "regular", "bold", got "heavy""#),
        (#"{"type": "text", "id": "T", "text": "x", "maxLines": 1.5}"#, "$.layout.maxLines: expected a whole number >= 0, got 1.5"),
        (#"{"type": "text", "id": "T", "text": "x", "truncation": null}"#, "$.layout.truncation: expected a string, got null"),
        (#"{"type": "stack", "direction": "diagonal"}"#, #"$.layout.direction: expected one of "vertical", "horizontal", got "diagonal""#),
        (#"{"type": "stack", "spacing": "inf"}"#, #"$.layout.spacing: expected a finite number, got "inf""#),
        (#"{"type": "stack", "children": {}}"#, "$.layout.children: expected an array of elements, got an object"),
        (#"{"type": "stack", "children": [{"type": "spacer"}, null]}"#,
         #"$.layout.children[1]: expected an element (an object with a "type"), got null"#),
        (#"{"type": "inset", "insets": {"top": "nan"}, "child": {"type": "spacer"}}"#,
         #"$.layout.insets.top: expected a finite number or "inf", got "nan""#),
        (#"{"type": "inset", "insets": {"middle": 1}, "child": {"type": "spacer"}}"#,
         #"$.layout.insets.middle: unknown field "middle" in insets; expected one of top, left, bottom, right"#),
        (#"{"type": "inset"}"#, #"$.layout: missing required field "child""#),
        (#"{"type": "overlay", "child": {"type": "spacer"}}"#, #"$.layout: missing required field "overlay""#),
        (#"{"type": "background", "background": {"type": "spacer"}}"#, #"$.layout: missing required field "child""#),
        (#"{"type": "center", "centeringOptions": "z", "child": {"type": "spacer"}}"#,
         #"$.layout.centeringOptions: expected one of "none", "x", "y", "xy", got "z""#),
        (#"{"type": "relative", "sizingOption": ["minimumWidth"], "child": {"type": "spacer"}}"#,
         #"$.layout.sizingOption: expected one of "default", "minimumWidth", "minimumHeight", "minimumSize", got an array"#),
        (#"{"type": "ratio", "child": {"type": "spacer"}}"#, #"$.layout: missing required field "ratio""#),
        (#"{"type": "ratio", "ratio": -1, "child": {"type": "spacer"}}"#, "$.layout.ratio: expected a finite number > 0, got -1"),
        (#"{"type": "absolute", "sizing": "fit"}"#, #"$.layout.sizing: expected one of "default", "sizeToFit", got "fit""#),
        (#"{"type": "corner", "child": {"type": "spacer"}, "corner": {"type": "spacer"}}"#,
         #"$.layout: missing required field "location""#),
        (#"{"type": "corner", "child": {"type": "spacer"}, "corner": {"type": "spacer"}, "location": "topLeft", "wrapsCorner": 1}"#,
         "$.layout.wrapsCorner: expected true or false, got 1"),
        (#"{"type": "corner", "child": {"type": "spacer"}, "corner": {"type": "spacer"}, "location": "topLeft", "offset": [1, "inf"]}"#,
         #"$.layout.offset[1]: expected a finite number, got "inf""#),
        (#"{"type": "wrapper", "children": [{"type": "wrapper", "children": [{"type": "mystery"}]}]}"#,
         #"$.layout.children[0].children[0].type: unknown element type "mystery"; expected node, text, spacer, stack, inset, overlay, background, center, relative, ratio, absolute, corner, wrapper"#),
    ])
    func invalidElements(layout: String, expected: String) {
        #expect(message(layout: layout) == expected)
    }

    @Test(arguments: [
        (#""none""#, #"$.layout.children[2].style: expected a style object, got "none""#),
        (#"{"colour": "red"}"#, #"$.layout.children[2].style.colour: unknown field "colour" in a style; expected one of width, height, minWidth, maxWidth, minHeight, maxHeight, flexBasis, preferredSize, flexGrow, flexShrink, spacingBefore, spacingAfter, ascender, descender, alignSelf, layoutPosition"#),
        (#"{"width": true}"#, #"$.layout.children[2].style.width: expected a number >= 0, "12pt", "50%" or "auto", got true"#),
        (#"{"width": -1}"#, #"$.layout.children[2].style.width: expected a number >= 0, "12pt", "50%" or "auto", got -1"#),
        (#"{"height": "12px"}"#, #"$.layout.children[2].style.height: expected a number >= 0, "12pt", "50%" or "auto", got "12px""#),
        (#"{"height": ""}"#, #"$.layout.children[2].style.height: expected a number >= 0, "12pt", "50%" or "auto", got """#),
        (#"{"minWidth": "-3pt"}"#, #"$.layout.children[2].style.minWidth: expected a finite number >= 0 before "pt", got "-3pt""#),
        (#"{"minWidth": "nanpt"}"#, #"$.layout.children[2].style.minWidth: expected a finite number >= 0 before "pt", got "nanpt""#),
        (#"{"maxWidth": "150%"}"#, #"$.layout.children[2].style.maxWidth: expected a percentage from 0% to 100%, got "150%""#),
        (#"{"maxWidth": "-5%"}"#, #"$.layout.children[2].style.maxWidth: expected a percentage from 0% to 100%, got "-5%""#),
        (#"{"flexBasis": "x%"}"#, #"$.layout.children[2].style.flexBasis: expected a number before "%", got "x%""#),
        (#"{"preferredSize": [1, 2, 3]}"#,
         "$.layout.children[2].style.preferredSize: expected [width, height], two of a finite number >= 0, got an array of 3"),
        (#"{"preferredSize": [1, 1e400]}"#,
         "$.layout.children[2].style.preferredSize[1]: expected a finite number >= 0, got a number too large for a double"),
        (#"{"flexGrow": -1}"#, "$.layout.children[2].style.flexGrow: expected a finite number >= 0, got -1"),
        (#"{"flexShrink": "1"}"#, #"$.layout.children[2].style.flexShrink: expected a finite number >= 0, got "1""#),
        (#"{"spacingBefore": null}"#, "$.layout.children[2].style.spacingBefore: expected a finite number, got null"),
        (#"{"alignSelf": "baselineFirst"}"#,
         #"$.layout.children[2].style.alignSelf: expected one of "auto", "start", "end", "center", "stretch", got "baselineFirst""#),
        (#"{"layoutPosition": ["nan", 0]}"#, #"$.layout.children[2].style.layoutPosition[0]: expected a finite number, got "nan""#),
    ])
    func invalidStyles(style: String, expected: String) {
        let layout = #"{"type": "stack", "children": [{"type": "spacer"}, {"type": "spacer"}, {"type": "spacer", "style": \#(style)}]}"#
        #expect(message(layout: layout) == expected)
    }

    @Test func malformedJSONNamesItsPlace() {
        let json = "{\(Self.range),\n \"layout\": {\"type\": \"stack\", \"children\": [\n  {\"type\": \"spacer\"}\n  {\"type\": \"spacer\"}]}}"
        #expect(message(json) == "$.layout.children: malformed JSON at line 4, column 3 (byte 118): expected ',' or ']' after an array element, got '{'")
    }

    @Test func elementsNestedDeeperThan256LevelsAreRefused() {
        // Given 257 nested wrappers
        let json = String(repeating: #"{"type": "wrapper", "children": ["#, count: 256) + #"{"type": "spacer"}"#
            + String(repeating: "]}", count: 256)
        // Then the 257th level is reported at its path
        let path = "$.layout" + String(repeating: ".children[0]", count: 256)
        #expect(message(layout: json) == "\(path): elements are nested deeper than 256 levels")
    }

    @Test func tenThousandLevelsAreRefusedWithoutOverflowingTheStack() {
        let json = String(repeating: #"{"type": "node", "id": "n", "layout": "#, count: 10_000) + #"{"type": "spacer"}"#
            + String(repeating: "}", count: 10_000)
        let text = message(layout: json)
        #expect(text?.hasSuffix(": malformed JSON at line 1, column 38937 (byte 38936): arrays and objects are nested deeper than 1024 levels") == true)
        #expect(text?.hasPrefix("$.layout.layout.layout") == true)
    }
}
