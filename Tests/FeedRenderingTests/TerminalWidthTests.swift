@testable import FeedRendering
import LayoutCore
import Testing

/// Terminal columns per character, and ASCII drawings whose boxes stay aligned with CJK and emoji.
@Suite struct TerminalWidthTests {
    @Test(arguments: [
        ("a", 1), ("é", 1), ("e\u{301}", 1), ("ß", 1), ("ｱ", 1), ("☺", 1), ("→", 1),
        ("中", 2), ("東", 2), ("한", 2), ("あ", 2), ("ア", 2), ("、", 2), ("\u{3000}", 2), ("Ａ", 2), ("𠀋", 2),
        ("😀", 2), ("👍🏽", 2), ("🇨🇭", 2), ("👩‍👩‍👧", 2), ("☺️", 2), ("1️⃣", 2),
        ("\u{200B}", 0), ("\u{301}", 0), ("\u{7}", 0),
    ] as [(Character, Int)])
    func columns(character: Character, expected: Int) {
        #expect(TerminalWidth.columns(of: character) == expected, "\(character.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test func wideTextKeepsTheBoxAligned() {
        let cell = SampleCells.textBlock(photoID: 5, size: Size(120, 64), box: Rect(0, 0, 120, 64),
                                         lines: ["東京タワーの夜景", "night 🌃 view", "café ☕️ ok"], x: 0, width: 80)
        // 15 columns 120/14 pt apart, rows of 16 pt: 13 columns inside the box, 3 rows.
        let text = ASCIIBoxRenderer(columns: 15, listsFrames: false).render(cell)
        #expect(text == """
            photo 5 · 120 × 64 pt · 15 columns
            +t------------+
            |東京タワーの~|
            |night 🌃 view|
            |café ☕️ ok   |
            +-------------+

            """)
        // Every row of the box ends at the same terminal column.
        let box = text.split(separator: "\n").dropFirst()
        #expect(box.allSatisfy { TerminalWidth.columns(of: $0) == 15 })
    }

    @Test func overwritingHalfOfAWideCharacterBlanksTheOtherHalf() {
        var canvas = ASCIICanvas(columns: 6, rows: 2)
        canvas.write("中文", column: 0, row: 0, limit: 6)
        canvas.write("中文", column: 0, row: 1, limit: 6)
        canvas[1, 0] = "|"  // the right half of 中
        canvas[2, 1] = "|"  // the left half of 文
        #expect(canvas.lines == [" |文", "中|"])
        // A wide character with one column left at the edge becomes a space.
        canvas.write("x中", column: 4, row: 0, limit: 3)
        #expect(canvas.lines[0] == " |文x")
    }
}
