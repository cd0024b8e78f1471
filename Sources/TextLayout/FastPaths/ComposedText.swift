import CHarfBuzz

/// Measures an ASCII text of one attribute run (a cell's user name, age, like count, a caption of
/// a few hundred bytes) without building a ``ShapedText``: the general path's object, its heap
/// buffers and its place in the thread's ``RecentShapedTexts`` cost more than laying out such a
/// text again from its words.
///
/// It applies where the result is provably the general path's, bit for bit: one run of ASCII text
/// of at most ``maximumLength`` bytes, a word cache, and a face whose space is context-free for
/// the run's script (the conditions of ``LazyShaping``: the general path then shapes word by word
/// too). The break opportunities are ``AsciiLineBreaks``'; they and the words' advances, as
/// prefix sums in the thread's buffers (``ComposedScratch``) summed left to right exactly as
/// ``ShapedText`` sums them, are computed only as far as the lines read (``ComposedLines``); and
/// ``Typesetter``'s rules are replayed over them: greedy lines, the line limit, and the last line
/// re-cut for the truncation string.
///
/// A width is the prefix-sum difference where ``ShapedText/width(_:_:)`` takes it (both ends
/// cluster starts that HarfBuzz did not flag unsafe to break). Inside a kerned pair, which only a
/// truncated line's cut reads, it is the whole words before the cut plus the cut word's part
/// shaped alone, as ``ShapedText/composedWidth(_:_:)`` computes it. Anything else returns `nil`
/// and the caller takes the general path: a word wider than a line (broken by grapheme clusters),
/// a line end at an unsafe boundary, a cut where ``ShapedText/composedWidth(_:_:)`` would not
/// answer.
enum ComposedText {
    /// The longest text measured this way (the size of each thread's ``ComposedScratch``).
    static let maximumLength = 1024

    /// The measurement of `text` within `maxWidth` (sanitised) under `options`, or `nil` when
    /// this path does not apply.
    static func measure(_ text: AttributedText, options: TextLayoutOptions, maxWidth: Double, fonts: UnretainedFonts,
                        wordCache: BorrowedWordCache?) -> TextMeasurement? {
        guard let wordCache, text.runs.count == 1 else { return nil }
        let n = text.utf8Count
        guard n > 0, n <= maximumLength else { return nil }
        let attributes = text.runs[0].attributes
        let face = fonts.face(for: attributes.fontWeight)
        var string = text.string
        return string.withUTF8 { all -> TextMeasurement? in
            guard AsciiLineBreaks.isASCII(all) else { return nil }
            let script = ScriptItemizer.asciiScript(all, in: 0..<n)
            guard face.spaceIsContextFree(for: script) else { return nil }
            // Every buffer is this thread's (a caption's prefix sums are too long for the stack,
            // and allocating them was one heap allocation per cell), reached without retaining it.
            return ComposedScratch.withCurrent { buffers in
                ThreadWordCache.withCurrent { threadCache in
                    precondition(!buffers.inUse, "ComposedText.measure is not reentrant")
                    buffers.inUse = true
                    defer { buffers.inUse = false }
                    defer { threadCache.flushHits(to: wordCache) }
                    var lines = ComposedLines(
                        all: all, breaks: UnsafeMutableBufferPointer(rebasing: buffers.breaks[0..<n]),
                        prefix: UnsafeMutableBufferPointer(rebasing: buffers.prefix[0...n]),
                        flags: UnsafeMutableBufferPointer(rebasing: buffers.flags[0...n]),
                        words: ComposedLines.Words(attributes: attributes, face: face, script: script, fonts: fonts,
                                                   wordCache: wordCache, threadCache: threadCache,
                                                   scratch: buffers.word))
                    return lines.layout(maxWidth: maxWidth, options: options)
                }
            }
        }
    }
}
