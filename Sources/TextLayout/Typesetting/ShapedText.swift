import CHarfBuzz

/// A text shaped once, with what line breaking needs: UAX #14 opportunities and the advance of
/// every cluster, as prefix sums over UTF-8 offsets. Each attribute run is split into runs of one
/// font of the cascade (``FontFallback``) and those into script items; an item is shaped whole,
/// or, in a primary face, word by word through a ``WordShapeCache`` where the font makes that
/// exact.
///
/// Widths of a stretch `[a, b)` are the sum of the shaped advances of its clusters, taken from the
/// whole-text shaping when that is exactly what shaping `[a, b)` alone would give: both ends are
/// cluster starts that HarfBuzz did not flag `UNSAFE_TO_BREAK` (or the ends of the text). At any
/// other boundary (a break inside a ligature, kerning across the break) the stretch is shaped
/// again on its own, as HarfBuzz's documentation prescribes for line breaking. So a line's
/// width is always the advance width of the line's text shaped alone.
///
/// Not thread-safe: one instance belongs to one thread's measurements. HarfBuzz shapes into the
/// calling thread's ``ShapingBuffer``.
final class ShapedText {
    let bytes: [UInt8]
    /// The attribute runs, split where the font of the cascade changes.
    let runs: [FontRun]
    let fonts: UnretainedFonts
    /// The measurer's word cache, for widths across unsafe boundaries (``width(_:_:)``), borrowed
    /// (see ``BorrowedWordCache``): a shaped text is used only by its own measurer, which owns the
    /// cache (a thread's ``RecentShapedTexts`` may keep it longer, but hands it only to the
    /// measurer whose never-reused id it is tagged with); not retaining it spares every
    /// measurement atomic operations on an object all threads share.
    let wordCache: BorrowedWordCache?
    /// Whether ``composedWidth(_:_:)`` applies: the text is ASCII, every run was shaped word by
    /// word with a scale that is a multiple of 2⁻³², and its advances' magnitudes sum below 2¹⁵
    /// points.
    var composesFromWords = false
    /// libunibreak's status after each byte.
    let breaks: [Int8]
    /// `prefix[i]` = advance of every cluster starting before offset `i`, in points (`count + 1`
    /// values, owned: freed in `deinit`).
    ///
    /// `prefix` and `flags` are buffers rather than arrays because a lazily shaped text fills them
    /// after `init`: a class's array `var` would then cost a dynamic exclusivity check on every
    /// read, and ``width(_:_:)`` reads them hundreds of times per measurement.
    let prefix: UnsafeMutableBufferPointer<Double>
    /// Per offset: bit 0 = a cluster starts here, bit 1 = HarfBuzz flagged it unsafe to break,
    /// bit 2 = not shaped yet (``unshaped``; `count + 1` values, owned).
    let flags: UnsafeMutableBufferPointer<UInt8>
    /// `prefix` and `flags` are final at offsets below this (all of them once shaping is done;
    /// at `count` itself they are always final).
    var shapedEnd: Int
    /// Where word-by-word shaping goes on, while a lazily shaped text is not shaped to its end.
    var lazyShaping: LazyShaping?

    static let clusterStart: UInt8 = 1
    static let unsafeToBreak: UInt8 = 2
    /// Marks every offset at or past ``shapedEnd`` of a lazily shaped text (and its end, until
    /// the whole text is shaped), so that ``width(_:_:)`` tests one byte it reads anyway.
    static let unshaped: UInt8 = 4

    /// Shapes `text`; with a `wordCache` and faces whose space is context-free, words already
    /// shaped by earlier measurements are reused (see ``WordShapeCache``).
    /// The caller keeps `fonts` and `wordCache` alive while the shaped text is used (see
    /// ``UnretainedFonts``).
    convenience init(_ text: AttributedText, fonts: FontCollection, wordCache: WordShapeCache? = nil) {
        self.init(text, fonts: UnretainedFonts(fonts), wordCache: wordCache?.borrowed)
    }

    /// Shapes `text` now, or, when `lazily` and the text allows it (see ``LazyShaping``), word
    /// by word as widths ask for its offsets: a text cut at a line limit is never shaped past
    /// the first word its last line does not need.
    init(_ text: AttributedText, fonts: UnretainedFonts, wordCache: BorrowedWordCache?, lazily: Bool = false) {
        var string = text.string
        bytes = string.withUTF8 { Array($0) }
        self.fonts = fonts
        self.wordCache = wordCache
        let n = bytes.count
        let breaksAreASCII = bytes.withUnsafeBufferPointer { AsciiLineBreaks.isASCII($0) }
        let fontRuns = bytes.withUnsafeBufferPointer {
            FontFallback.fontRuns($0, runs: text.runs, isASCII: breaksAreASCII, fonts: fonts)
        }
        runs = fontRuns
        breaks = bytes.withUnsafeBufferPointer {
            breaksAreASCII ? LineBreakOpportunities.compute($0)
                : LineBreakOpportunities.keepingClustersWhole(LineBreakOpportunities.compute($0), $0)
        }
        // Lazily, a prefix sum is written before it is read (it is read below ``shapedEnd``).
        let advances = UnsafeMutableBufferPointer<Double>.allocate(capacity: n + 1)
        flags = .allocate(capacity: n + 1)
        prefix = advances
        let exactScales = breaksAreASCII && runs.allSatisfy { Self.hasExactScale($0.attributes, fonts) }
        if lazily, breaksAreASCII, let lazy = LazyShaping(bytes: bytes, runs: runs, fonts: fonts, wordCache: wordCache) {
            advances[0] = 0
            flags.initialize(repeating: Self.unshaped)
            flags[n] = Self.clusterStart | Self.unshaped
            shapedEnd = 0
            lazyShaping = lazy
            composesFromWords = exactScales
            return
        }
        let flags = flags
        advances.initialize(repeating: 0)
        flags.initialize(repeating: 0)
        flags[n] = Self.clusterStart
        let byWords = bytes.withUnsafeBufferPointer { all in
            Self.shapeRuns(all, runs: fontRuns, fonts: fonts, wordCache: wordCache, advances: advances, flags: flags)
        }
        var sum = 0.0
        var magnitude = 0.0
        for i in 0..<n {
            let advance = advances[i]
            advances[i] = sum
            sum += advance
            magnitude += abs(advance)
        }
        advances[n] = sum
        shapedEnd = n
        composesFromWords = byWords && magnitude < 0x1p15 && exactScales
    }

    deinit {
        prefix.deallocate()
        flags.deallocate()
    }

    /// Adds every cluster's advance (points) and flags at its first byte, shaping each script
    /// item whole or, through `wordCache`, word by word; true when every item went word by word.
    private static func shapeRuns(_ all: UnsafeBufferPointer<UInt8>, runs: [FontRun], fonts: UnretainedFonts,
                                  wordCache: BorrowedWordCache?, advances: UnsafeMutableBufferPointer<Double>,
                                  flags: UnsafeMutableBufferPointer<UInt8>) -> Bool {
        var byWords = true
        let threadCache = ThreadWordCache.current
        defer { if let wordCache { threadCache.flushHits(to: wordCache) } }
        WordScratch.with { scratch in
            for run in runs {
                let face = fonts.face(for: run)
                let scale = run.attributes.fontSize / Double(face.unitsPerEm)
                let context = 0..<all.count
                ScriptItemizer.forEachSegment(all, in: run.range) { segment, script in
                    // Word shapes are cached by weight, so only a primary face's words are reused.
                    guard let wordCache, run.slot == 0, face.spaceIsContextFree(for: script) else {
                        byWords = false
                        shapeItem(all, item: segment, context: context, face: face,
                                  script: script) { cluster, units, unsafe in
                            advances[cluster] += Double(units) * scale
                            flags[cluster] |= clusterStart | (unsafe ? unsafeToBreak : 0)
                        }
                        return
                    }
                    forEachWord(all, in: segment) { word in
                        shapeWord(all, word: word, face: face, weight: run.attributes.fontWeight, script: script,
                                  wordCache: wordCache, threadCache: threadCache,
                                  scratch: scratch) { wordAdvances, wordFlags in
                            add(word, wordAdvances, wordFlags, scale: scale, to: advances, flags)
                        }
                    }
                }
            }
        }
        return byWords
    }

    /// Calls `body` with `word`'s advances (font units) and flags per byte: composed (see
    /// ``shapeWord(_:word:face:script:advances:flags:)``), or from this thread's word cache, the
    /// shared `wordCache` or HarfBuzz (then stored in both), in `scratch`, or in buffers of its
    /// own when the word is longer than the caches keep.
    static func shapeWord(_ all: UnsafeBufferPointer<UInt8>, word: Range<Int>, face: BorrowedFace,
                          weight: FontWeight, script: hb_script_t, wordCache: BorrowedWordCache,
                          threadCache: ThreadWordCache, scratch: WordScratch,
                          _ body: (UnsafeMutablePointer<Int32>, UnsafeMutablePointer<UInt8>) -> Void) {
        guard word.count <= WordShapeCache.maximumWordLength else {
            let long = UnsafeMutablePointer<Int32>.allocate(capacity: word.count)
            let longFlags = UnsafeMutablePointer<UInt8>.allocate(capacity: word.count)
            defer {
                long.deallocate()
                longFlags.deallocate()
            }
            shapeWord(all, word: word, face: face, script: script, advances: long, flags: longFlags)
            body(long, longFlags)
            return
        }
        let wordAdvances = scratch.advances, wordFlags = scratch.flags
        // Composing costs less than finding the word in a cache.
        if composes(word, all, face: face, script: script, advances: wordAdvances, flags: wordFlags) {
            body(wordAdvances, wordFlags)
            return
        }
        let key = WordKey(UnsafeBufferPointer(rebasing: all[word]), weight: weight, script: script.rawValue)
        let short = word.count <= ThreadWordCache.maximumWordLength
        let local = short && threadCache.copyWord(for: key, of: wordCache, advances: wordAdvances, flags: wordFlags)
        if !local {
            if !wordCache.copyWord(for: key, advances: wordAdvances, flags: wordFlags) {
                shapeWord(all, word: word, face: face, script: script, advances: wordAdvances, flags: wordFlags)
                wordCache.store(key, advances: wordAdvances, flags: wordFlags)
            }
            if short {
                threadCache.store(key, of: wordCache, advances: wordAdvances, flags: wordFlags)
            }
        }
        body(wordAdvances, wordFlags)
    }

    /// Adds a shaped word's clusters (font units, scaled to points) at its offsets.
    @inline(__always)
    private static func add(_ word: Range<Int>, _ wordAdvances: UnsafeMutablePointer<Int32>,
                            _ wordFlags: UnsafeMutablePointer<UInt8>, scale: Double,
                            to advances: UnsafeMutableBufferPointer<Double>,
                            _ flags: UnsafeMutableBufferPointer<UInt8>) {
        for k in 0..<word.count where wordFlags[k] != 0 {
            advances[word.lowerBound + k] += Double(wordAdvances[k]) * scale
            flags[word.lowerBound + k] |= wordFlags[k]
        }
    }

    var count: Int { bytes.count }

    /// The advance width of `[a, b)` shaped alone, in points.
    func width(_ a: Int, _ b: Int) -> Double {
        guard a < b else { return 0 }
        if flags[b] & Self.unshaped != 0 { shapeWords(beyond: b) }
        if isSafeBoundary(a) && isSafeBoundary(b) { return prefix[b] - prefix[a] }
        if let exact = composedWidth(a, b) ?? widthByWords(a, b) { return exact }
        var total = 0.0
        bytes.withUnsafeBufferPointer { all in
            shape(all, range: a..<b, context: a..<b) { _, advance, _ in total += advance }
        }
        return total
    }

    @inline(__always)
    private func isSafeBoundary(_ i: Int) -> Bool {
        Self.isSafeBoundary(i, flags: flags)
    }

    /// Whether a width may start or end at offset `i` and be read from the prefix sums: the start
    /// of the text, or a cluster start HarfBuzz did not flag unsafe to break (per `flags`, this
    /// type's per-offset flags).
    @inline(__always)
    static func isSafeBoundary(_ i: Int, flags: UnsafeMutableBufferPointer<UInt8>) -> Bool {
        i == 0 || flags[i] & (clusterStart | unsafeToBreak) == clusterStart
    }

    /// Shapes `range` run by run and script by script, each item alone (the text around `range`
    /// is not context), reporting each glyph's cluster, advance in points and unsafe flag.
    private func shape(_ all: UnsafeBufferPointer<UInt8>, range: Range<Int>, context: Range<Int>,
                       _ glyph: (Int, Double, Bool) -> Void) {
        for run in runs where run.range.overlaps(range) {
            let piece = run.range.clamped(to: range)
            let face = fonts.face(for: run)
            let scale = run.attributes.fontSize / Double(face.unitsPerEm)
            ScriptItemizer.forEachSegment(all, in: piece) { segment, script in
                Self.shapeItem(all, item: segment, context: context, face: face,
                               script: script) { cluster, units, unsafe in
                    glyph(cluster, Double(units) * scale, unsafe)
                }
            }
        }
    }

    /// Shapes one item with HarfBuzz, `context` being the text HarfBuzz sees around it, and
    /// reports each glyph's cluster (a UTF-8 offset), advance in the face's advance units (its
    /// strike's for a bitmap-only face, see ``BitmapStrike``) and unsafe flag.
    private static func shapeItem(_ all: UnsafeBufferPointer<UInt8>, item: Range<Int>, context: Range<Int>,
                                  face: BorrowedFace, script: hb_script_t, _ glyph: (Int, Int32, Bool) -> Void) {
        let base = UnsafeRawPointer(all.baseAddress!).assumingMemoryBound(to: CChar.self)
        let buffer = ShapingBuffer.current
        func fill() {
            hb_buffer_clear_contents(buffer)
            hb_buffer_add_utf8(buffer, base + context.lowerBound, Int32(context.count),
                               UInt32(item.lowerBound - context.lowerBound), Int32(item.count))
            hb_buffer_set_script(buffer, script)
            hb_buffer_guess_segment_properties(buffer)
        }
        fill()
        // A long run of marks costs HarfBuzz quadratic time in mark attachment, which changes
        // no advance (see ``LongMarkRuns``).
        if !(LongMarkRuns.applies(all, item: item, script: script)
            && LongMarkRuns.shapeWithoutAttachment(buffer, face: face)) {
            if hb_buffer_get_content_type(buffer) == HB_BUFFER_CONTENT_TYPE_GLYPHS { fill() }
            hb_shape(face.hbFont, buffer, nil, 0)
        }
        var glyphCount: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &glyphCount),
              let positions = hb_buffer_get_glyph_positions(buffer, nil) else { return }
        if let strike = face.strike {
            for g in 0..<Int(glyphCount) {
                let unsafe = infos[g].mask & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0
                glyph(Int(infos[g].cluster) + context.lowerBound, strike.advance(of: infos[g].codepoint), unsafe)
            }
            return
        }
        for g in 0..<Int(glyphCount) {
            let unsafe = infos[g].mask & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0
            glyph(Int(infos[g].cluster) + context.lowerBound, positions[g].x_advance, unsafe)
        }
    }

    /// Shapes a word alone into `advances` and `flags` (`word.count` values each): per byte, the
    /// advance in font units of the cluster starting there and its flags. A Latin or Common word
    /// of the face's ``ComposableASCII`` characters is composed from their advances and their
    /// pairs' kerning, as HarfBuzz would shape it, without shaping.
    @inline(__always)
    static func shapeWord(_ all: UnsafeBufferPointer<UInt8>, word: Range<Int>, face: BorrowedFace, script: hb_script_t,
                          advances: UnsafeMutablePointer<Int32>, flags: UnsafeMutablePointer<UInt8>) {
        if !composes(word, all, face: face, script: script, advances: advances, flags: flags) {
            shapeWordWithHarfBuzz(all, word: word, face: face, script: script, advances: advances, flags: flags)
        }
    }

    /// Composes `word` through the face's ``ComposableASCII`` when it covers the script
    /// (``ComposableASCII/covers(_:)``); false when it must be shaped.
    @inline(__always)
    static func composes(_ word: Range<Int>, _ all: UnsafeBufferPointer<UInt8>, face: BorrowedFace,
                         script: hb_script_t, advances: UnsafeMutablePointer<Int32>,
                         flags: UnsafeMutablePointer<UInt8>) -> Bool {
        ComposableASCII.covers(script)
            && face.composable.compose(all, word: word, script: script, advances: advances, flags: flags)
    }

    /// ``shapeWord(_:word:face:script:advances:flags:)`` through HarfBuzz, whatever the word.
    static func shapeWordWithHarfBuzz(_ all: UnsafeBufferPointer<UInt8>, word: Range<Int>, face: BorrowedFace,
                                      script: hb_script_t, advances: UnsafeMutablePointer<Int32>,
                                      flags: UnsafeMutablePointer<UInt8>) {
        advances.update(repeating: 0, count: word.count)
        flags.update(repeating: 0, count: word.count)
        shapeItem(all, item: word, context: word, face: face, script: script) { cluster, units, unsafe in
            advances[cluster - word.lowerBound] += units
            flags[cluster - word.lowerBound] |= clusterStart | (unsafe ? unsafeToBreak : 0)
        }
    }
}
