import Testing
import LayoutCore
import LayoutDescription

@Suite struct JSONTextTests {
    @Test(arguments: [
        (50.0, "50"), (25.5, "25.5"), (1.0 / 3.0, "0.3333333333333333"), (0.1 + 0.2, "0.30000000000000004"),
        (-0.0, "0"), (0, "0"), (-12, "-12"), (1e-7, "1e-07"), (1e16, "1e+16"), (9_999_999_999_999_998, "9999999999999998"),
        (0.5, "0.5"), (Double.infinity, "null"), (Double.nan, "null"), (100.66666666666667, "100.66666666666667"),
    ])
    func numbersPrintShortestWithoutATrailingFraction(value: Double, text: String) {
        #expect(JSONText.number(value) == text)
    }

    @Test func printedNumbersReadBackAsTheSameDouble() throws {
        // Given random doubles over many magnitudes, from a fixed seed
        var state: UInt64 = 0x5EED
        for _ in 0..<2_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let bits = state >> 1 & 0x7FEF_FFFF_FFFF_FFFF  // positive, finite
            let value = Double(bitPattern: bits) * (state & 1 == 0 ? 1 : -1)
            // When printed and parsed back
            let text = JSONText.number(value)
            // Then the value is unchanged
            #expect(try JSONParser.parse(text) == .number(value), "\(value) printed as \(text)")
        }
    }

    @Test func stringsEscapeQuotesBackslashesAndControlCharacters() {
        #expect(JSONText.quoted("plain é😀") == "\"plain é😀\"")
        #expect(JSONText.quoted("a\"b\\c\nd\r\t\u{08}\u{0C}\u{01}\u{1F}") == #""a\"b\\c\nd\r\t\b\f\u0001\u001f""#)
    }

    @Test func pathsUseDotsForIdentifiersAndBracketsOtherwise() {
        let path = JSONPath.root.appending("layout").appending("children").appending(2).appending("style")
            .appending("width")
        #expect(path.description == "$.layout.children[2].style.width")
        #expect(JSONPath.root.description == "$")
        #expect(JSONPath.root.appending("a b").appending("9x").appending("\"").description == #"$["a b"]["9x"]["\""]"#)
    }
}
