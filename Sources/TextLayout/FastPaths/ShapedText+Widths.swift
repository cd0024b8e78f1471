import CHarfBuzz

/// Widths across boundaries where the whole-text shaping can't be sliced (``ShapedText/width(_:_:)``),
/// without shaping the stretch again when the word cache makes that exact.
extension ShapedText {
    /// Whether `size / unitsPerEm` is a multiple of 2⁻³² (below 2⁸): then every advance in
    /// points is a multiple of 2⁻³², and sums of them below 2¹⁶ points are exact in a `Double`.
    static func hasExactScale(_ attributes: TextAttributes, _ fonts: UnretainedFonts) -> Bool {
        let scaled = attributes.fontSize / Double(fonts.face(for: attributes.fontWeight).unitsPerEm) * 0x1p32
        return scaled == scaled.rounded(.towardZero) && scaled < 0x1p40
    }

    /// The width of `[a, b)` shaped alone, from this text's own prefix sums plus the last partial
    /// word shaped alone, or `nil` when that shortcut does not apply (then
    /// ``widthByWords(_:_:)`` or HarfBuzz answers).
    ///
    /// It applies when ``composesFromWords`` holds and, in every run `[a, b)` touches, the piece
    /// starts at the run's start or at a word start (after a space), and its script (Latin when
    /// it has an ASCII letter, else Common) is the run's. The piece then consists of whole words
    /// shaped alone exactly as the text's own pass shaped them (so their advances are prefix
    /// differences) and, at the end of the last piece, part of a word: composed when its
    /// characters compose (``ShapedText/shapeWord(_:word:face:script:advances:flags:)``), else
    /// looked up or shaped alone (and then stored: truncation tries every cut of a line's words,
    /// and texts share words).
    /// All sums are exact (see ``hasExactScale(_:_:)``), so the result is bit for bit what
    /// shaping `[a, b)` with HarfBuzz gives.
    func composedWidth(_ a: Int, _ b: Int) -> Double? {
        guard composesFromWords, let wordCache else { return nil }
        return bytes.withUnsafeBufferPointer { all -> Double? in
            var total = 0.0
            for run in runs where run.range.overlaps(a..<b) {
                let piece = run.range.clamped(to: a..<b)
                let script = ScriptItemizer.asciiScript(all, in: piece)
                guard piece.lowerBound == run.range.lowerBound || Self.startsWord(all, at: piece.lowerBound, end: all.count),
                      script == ScriptItemizer.asciiScript(all, in: run.range) else { return nil }
                let wordStart = piece.upperBound < run.range.upperBound
                    ? Self.lastWordStart(all, in: piece) : piece.upperBound
                total += prefix[wordStart] - prefix[piece.lowerBound]
                let word = wordStart..<piece.upperBound
                guard !word.isEmpty else { continue }
                guard word.count <= WordShapeCache.maximumWordLength,
                      let partial = WordScratch.with({ scratch in
                          Self.partialWordWidth(all, word: word, attributes: run.attributes,
                                                face: fonts.face(for: run.attributes.fontWeight), script: script,
                                                wordCache: wordCache, scratch: scratch)
                      }) else { return nil }
                total += partial
            }
            return total
        }
    }

    /// The start of the last word that begins inside `range` after its first offset, else
    /// `range.lowerBound`: where ``composedWidth(_:_:)`` stops taking whole words.
    static func lastWordStart(_ all: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> Int {
        var i = range.upperBound - 1
        while i > range.lowerBound {
            if startsWord(all, at: i, end: all.count) { return i }
            i -= 1
        }
        return range.lowerBound
    }

    /// The width of `word` (at most ``WordShapeCache/maximumWordLength`` bytes, the part of a
    /// word before a cut) shaped alone in `attributes` into `scratch`, its advances summed left
    /// to right; `nil` when their magnitudes reach 2¹⁵ points (the sum might round). Stored in
    /// the word cache when HarfBuzz shapes it: truncation tries every cut of the last line's
    /// words, and texts share words.
    static func partialWordWidth(_ all: UnsafeBufferPointer<UInt8>, word: Range<Int>, attributes: TextAttributes,
                                 face: BorrowedFace, script: hb_script_t, wordCache: BorrowedWordCache,
                                 scratch: WordScratch) -> Double? {
        let scale = attributes.fontSize / Double(face.unitsPerEm)
        let advances = scratch.advances, flags = scratch.flags
        wordShape(all, word: word, face: face, weight: attributes.fontWeight, script: script, wordCache: wordCache,
                  storingShaped: true, advances: advances, flags: flags)
        var sum = 0.0
        var magnitude = 0.0
        for k in 0..<word.count where flags[k] != 0 {
            sum += Double(advances[k]) * scale
            magnitude += abs(Double(advances[k]) * scale)
        }
        return magnitude < 0x1p15 ? sum : nil
    }

    /// The width of `[a, b)` shaped alone, assembled from its words shaped alone (from the word
    /// cache, without counting or storing), or `nil` when that is not provably the value shaping
    /// `[a, b)` with HarfBuzz and summing its glyphs gives, to the bit.
    ///
    /// Where every item of `[a, b)` has a context-free space, shaping it whole gives the glyphs of
    /// its words shaped alone (the premise of ``WordShapeCache``). The sums agree to the bit when
    /// no addition rounds: each run's scale (`size / unitsPerEm`) is a multiple of 2⁻³² (14 pt
    /// over 2048 units is 7 · 2⁻¹⁰), so every advance in points is a multiple of 2⁻³², and the
    /// total of their magnitudes stays below 2¹⁶ points, so every partial sum, in any order, is
    /// exact in a `Double` (52 fraction bits). Otherwise the caller shapes `[a, b)`.
    func widthByWords(_ a: Int, _ b: Int) -> Double? {
        guard let wordCache else { return nil }
        var total = 0.0
        var magnitude = 0.0
        var exact = true
        let range = a..<b
        bytes.withUnsafeBufferPointer { all in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: WordShapeCache.maximumWordLength) { wordAdvances in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: WordShapeCache.maximumWordLength) { wordFlags in
                    for run in runs where exact && run.range.overlaps(range) {
                        let face = fonts.face(for: run)
                        let scale = run.attributes.fontSize / Double(face.unitsPerEm)
                        guard run.slot == 0, Self.hasExactScale(run.attributes, fonts) else {
                            exact = false
                            break
                        }
                        ScriptItemizer.forEachSegment(all, in: run.range.clamped(to: range)) { segment, script in
                            guard exact, face.spaceIsContextFree(for: script) else {
                                exact = false
                                return
                            }
                            Self.forEachWord(all, in: segment) { word in
                                guard exact, word.count <= WordShapeCache.maximumWordLength else {
                                    exact = false
                                    return
                                }
                                let advances = wordAdvances.baseAddress!, flags = wordFlags.baseAddress!
                                Self.wordShape(all, word: word, face: face, weight: run.attributes.fontWeight,
                                               script: script, wordCache: wordCache, storingShaped: false,
                                               advances: advances, flags: flags)
                                for k in 0..<word.count where flags[k] != 0 {
                                    let advance = Double(advances[k]) * scale
                                    total += advance
                                    magnitude += abs(advance)
                                }
                            }
                        }
                    }
                }
            }
        }
        return exact && magnitude < 0x1p16 ? total : nil
    }

    /// `word`'s advances and flags for a width: composed when its characters compose
    /// (``shapeWord(_:word:face:script:advances:flags:)``), else from `wordCache` without counting
    /// the lookup, else shaped alone (and stored in `wordCache` when `storingShaped`).
    private static func wordShape(_ all: UnsafeBufferPointer<UInt8>, word: Range<Int>, face: BorrowedFace,
                                  weight: FontWeight, script: hb_script_t, wordCache: BorrowedWordCache,
                                  storingShaped: Bool, advances: UnsafeMutablePointer<Int32>,
                                  flags: UnsafeMutablePointer<UInt8>) {
        if composes(word, all, face: face, script: script, advances: advances, flags: flags) { return }
        let key = WordKey(UnsafeBufferPointer(rebasing: all[word]), weight: weight, script: script.rawValue)
        if wordCache.copyWord(for: key, advances: advances, flags: flags, counting: false) { return }
        shapeWordWithHarfBuzz(all, word: word, face: face, script: script, advances: advances, flags: flags)
        if storingShaped { wordCache.store(key, advances: advances, flags: flags) }
    }

    /// Over the grapheme boundaries `q` after `start` up to `end`
    /// (``forEachGraphemeBoundary(_:_:_:)``), the last `q` trimmed of trailing white space
    /// (``trimmingTrailingWhitespace(_:_:)``) whose ``width(_:_:)`` from `start` is at most
    /// `available`, with that width, stopping at the first that is wider; `start` and 0 when the
    /// first is. A truncated line keeps that much of its paragraph.
    ///
    /// An ASCII stretch is walked without calls per boundary: the trimmed end moves only past a
    /// character that is not white space (so a run of spaces is measured once), and a width
    /// between safe boundaries is read from the prefix sums, as ``width(_:_:)`` would.
    func lastFittingTrimmedEnd(from start: Int, to end: Int, available: Double) -> (end: Int, width: Double) {
        var kept = (end: start, width: 0.0)
        let ascii = bytes.withUnsafeBufferPointer { AsciiLineBreaks.isASCII(UnsafeBufferPointer(rebasing: $0[start..<end])) }
        guard ascii else {
            forEachGraphemeBoundary(start, end) { q in
                let visibleEnd = trimmingTrailingWhitespace(start, q)
                let width = width(start, visibleEnd)
                guard width <= available else { return false }
                kept = (visibleEnd, width)
                return true
            }
            return kept
        }
        let settled = Self.clusterStart | Self.unsafeToBreak | Self.unshaped
        let startIsSafe = start == 0 || flags[start] & settled == Self.clusterStart
        var measured = -1  // the trimmed end whose width was last compared
        var visibleEnd = start
        for i in start..<end where !(bytes[i] == 0x0D && i + 1 < end && bytes[i + 1] == 0x0A) {
            if !Self.isTrailingWhitespace(UInt32(bytes[i])) { visibleEnd = i + 1 }
            guard visibleEnd != measured else { continue }  // the same width, which fitted
            measured = visibleEnd
            let width = visibleEnd == start ? 0
                : startIsSafe && flags[visibleEnd] & settled == Self.clusterStart ? prefix[visibleEnd] - prefix[start]
                : self.width(start, visibleEnd)
            guard width <= available else { break }
            kept = (visibleEnd, width)
        }
        return kept
    }
}
