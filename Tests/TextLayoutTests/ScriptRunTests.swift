import LayoutTestSupport
import Testing
import TextLayout

/// Script runs are the paragraph's, whatever the font runs: a space after CJK belongs to the Han
/// run, so it is shaped apart from the Latin word after it, as Chromium segments a paragraph.
@Suite struct ScriptRunTests {
    static func width(_ text: String, _ measurer: TextMeasurer) -> Double {
        measurer.width(of: AttributedText(text, attributes: TextAttributes(fontSize: 14)))
    }

    @Test func aSpaceAfterCJKIsNotKernedWithTheLatinWordAfterIt() throws {
        // Given Liberation Sans, whose legacy kern table kerns " T" (-37/2048 em)
        let measurer = try TextMeasurer.measurer(for: FontFixtures.liberation)
        let space = Self.width("\u{00A0}", measurer), the = Self.width("The", measurer)
        #expect(Self.width(" The", measurer) < space + the - 0.2, "the pair kerns where the space starts a Latin run")
        // Then after Han, or Cyrillic in the same font run, the space ends the other script's run
        #expect(Self.width("了。 The", measurer) == Self.width("了。", measurer) + space + the)
        #expect(Self.width("а The", measurer) == Self.width("а", measurer) + space + the)
        // And after an emoji (Common, like the space) the space starts the Latin run
        #expect(Self.width("🔥 The", measurer) < Self.width("🔥", measurer) + space + the - 0.2)
    }
}
