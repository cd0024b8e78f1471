import LayoutCore
import LayoutDescription
import Testing

/// Numbers outside a field's documented range (`docs/layout-description.md`, "Ranges of
/// numbers") are errors naming the JSON path, never a crash; dimensions are written exactly as
/// the contract writes them, without spaces.
@Suite struct LayoutDocumentRangeTests {
    private static let range = #""sizeRange": {"min": [0, 0], "max": [300, "inf"]}"#

    private func line(layout: String) -> (line: String, succeeded: Bool) {
        LayoutComputeBatch.line(forDocument: Array(#"{\#(Self.range), "layout": \#(layout)}"#.utf8), file: "d.json")
    }

    @Test(arguments: [
        (#"{"type": "text", "id": "T", "text": "hello world", "maxLines": 1000000000}"#,
         #"$.layout.maxLines: expected a whole number >= 0 and <= 10000, got 1000000000"#),
        (#"{"type": "text", "id": "T", "text": "hello world", "maxLines": 4294967296}"#,
         #"$.layout.maxLines: expected a whole number >= 0 and <= 10000, got 4294967296"#),
        (#"{"type": "node", "id": "n", "style": {"width": "50 %"}}"#,
         #"$.layout.style.width: expected a number before \"%\", got \"50 %\""#),
        (#"{"type": "node", "id": "n", "style": {"height": "12 pt"}}"#,
         #"$.layout.style.height: expected a finite number >= 0 before \"pt\", got \"12 pt\""#),
        (#"{"type": "node", "id": "n", "style": {"minWidth": " 5%"}}"#,
         #"$.layout.style.minWidth: expected a number before \"%\", got \" 5%\""#),
    ])
    func outOfRangeValuesAreErrorsWithTheirPath(layout: String, error: String) {
        let (line, succeeded) = line(layout: layout)
        #expect(!succeeded)
        #expect(line == #"{"file":"d.json","error":"\#(error)"}"#)
    }

    @Test(arguments: [("1e300", "1e+300"), ("1e-300", "1e-300"), ("0.25", "0.25"), ("11", "11")])
    func aScaleOutsideItsRangeIsAnError(scale: String, shown: String) {
        let json = #"{"scale": \#(scale), \#(Self.range), "layout": {"type": "node", "id": "n"}}"#
        let (line, succeeded) = LayoutComputeBatch.line(forDocument: Array(json.utf8), file: "d.json")
        #expect(!succeeded)
        #expect(line == #"{"file":"d.json","error":"$.scale: expected a scale from 0.5 to 10, got \#(shown)"}"#)
    }

    @Test func theLargestMaxLinesIsAccepted() {
        let (line, succeeded) = line(layout: #"{"type": "text", "id": "T", "text": "hi", "maxLines": 10000}"#)
        #expect(succeeded, "\(line)")
        #expect(LayoutDocument.maxTextLines == 10_000)
    }

    @Test func dimensionsWithoutSpacesStillRead() throws {
        let document = try LayoutDocument(json: Array(#"""
            {"sizeRange": {"min": [0, 0], "max": [300, "inf"]}, "layout": {"type": "node", "id": "n",
             "style": {"width": "50%", "height": "12pt", "minWidth": "1e1pt", "maxWidth": "-0%"}}}
            """#.utf8))
        #expect(document.layout.style.width == .fraction(0.5))
        #expect(document.layout.style.height == .points(12))
        #expect(document.layout.style.minWidth == .points(10))
    }
}
