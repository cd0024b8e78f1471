/// How many columns of a monospaced terminal a character takes: 2 for East Asian wide and
/// fullwidth characters and for emoji shown as emoji, 0 for characters that take no column
/// (controls, format characters such as U+200B, a combining mark without a base), 1 otherwise.
///
/// Wide means the East Asian Width property W or F of the character's first scalar, over the
/// blocks where terminals draw it two columns wide (Unicode's EastAsianWidth.txt: Hangul jamo
/// and syllables, CJK ideographs and their radicals, kana, CJK symbols and punctuation,
/// compatibility forms, fullwidth forms, Tangut, the ideographic planes 2 and 3). Emoji follow
/// UTS #51: a character with Emoji_Presentation, or any one followed by U+FE0F, shows as emoji.
enum TerminalWidth {
    static func columns(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.properties.isEmojiPresentation || scalars.contains("\u{FE0F}") { return 2 }
        switch first.properties.generalCategory {
        case .control, .format, .nonspacingMark, .enclosingMark, .lineSeparator, .paragraphSeparator:
            return 0
        default:
            return isWide(first.value) ? 2 : 1
        }
    }

    /// The columns of `text`, character by character.
    static func columns(of text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + columns(of: $1) }
    }

    /// East Asian Width W or F (code point ranges, ascending).
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,  // Hangul jamo, leading consonants
        0x2E80...0x303E,  // CJK radicals, Kangxi radicals, ideographic description, CJK symbols
        0x3041...0x33FF,  // kana, bopomofo, Hangul compatibility jamo, kanbun, CJK strokes, enclosed, compatibility
        0x3400...0x4DBF,  // CJK extension A
        0x4E00...0x9FFF,  // CJK unified ideographs
        0xA000...0xA4CF,  // Yi
        0xA960...0xA97F,  // Hangul jamo extended A
        0xAC00...0xD7A3,  // Hangul syllables
        0xF900...0xFAFF,  // CJK compatibility ideographs
        0xFE10...0xFE19,  // vertical forms
        0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
        0xFF00...0xFF60,  // fullwidth forms
        0xFFE0...0xFFE6,  // fullwidth signs
        0x16FE0...0x16FE4,  // ideographic symbols
        0x17000...0x18CFF,  // Tangut, Khitan
        0x1B000...0x1B2FF,  // kana supplement and extensions, Nüshu
        0x1F200...0x1F2FF,  // enclosed ideographic supplement
        0x20000...0x2FFFD,  // ideographic plane
        0x30000...0x3FFFD,  // tertiary ideographic plane
    ]

    private static func isWide(_ value: UInt32) -> Bool {
        guard value >= 0x1100 else { return false }
        var low = 0, high = wideRanges.count
        while low < high {
            let middle = (low + high) / 2
            if wideRanges[middle].upperBound < value { low = middle + 1 } else { high = middle }
        }
        return low < wideRanges.count && wideRanges[low].contains(value)
    }
}
