import CHarfBuzz

/// Shaping a text only as far as its lines need: a description limited to 3 lines is often
/// twice as long as what they show, and every word past the last line's cut would be shaped,
/// cached and summed for nothing.
///
/// It applies where the result is provably the eager one, bit for bit: the text is ASCII, it
/// has a word cache, and every run's face has a context-free space for the run's script. Then the
/// eager pass too shapes each word alone (``ShapedText/forEachWord(_:in:_:)``), so a word's
/// advances do not depend on the words after it; and an ASCII run is one script item, Latin when
/// it has a letter, else Common (``ScriptItemizer``), which is known before any word is shaped.
/// Words are shaped in order and their advances summed left to right into ``ShapedText/prefix``
/// exactly as the eager pass sums them, so every prefix sum below ``ShapedText/shapedEnd`` is
/// the same `Double`. ``ShapedText/width(_:_:)`` shapes on past any offset it is asked about
/// before reading it; the line breaks, bytes and runs are the whole text's from the start.
///
/// ``ShapedText/composesFromWords`` starts true (given exact scales) and turns false if the
/// summed magnitudes reach 2¹⁵ points, where the eager pass would not have set it; either way
/// each width is the width of its stretch shaped alone (every path to it is exact), so results do
/// not depend on how far shaping had got.
struct LazyShaping {
    /// Each run's script: Latin when it has an ASCII letter, else Common.
    let scripts: [hb_script_t]
    /// The run holding ``ShapedText/shapedEnd``.
    var run = 0
    /// The sum of every advance before ``ShapedText/shapedEnd`` and of their magnitudes.
    var sum = 0.0
    var magnitude = 0.0

    /// Bytes shaped beyond the offset asked about, so that a typesetter walking a line's break
    /// opportunities one by one does not come back for every word.
    static let lookahead = 16

    /// The state for shaping an ASCII text lazily, or `nil` when it must be shaped eagerly (no
    /// word cache, or a face whose space takes part in shaping for the run's script).
    init?(bytes: [UInt8], runs: [FontRun], fonts: UnretainedFonts, wordCache: BorrowedWordCache?) {
        guard wordCache != nil else { return nil }
        var scripts: [hb_script_t] = []
        scripts.reserveCapacity(runs.count)
        for run in runs {
            let script = bytes.withUnsafeBufferPointer { ScriptItemizer.asciiScript($0, in: run.range) }
            guard fonts.face(for: run.attributes.fontWeight).spaceIsContextFree(for: script) else { return nil }
            scripts.append(script)
        }
        self.scripts = scripts
    }
}

extension ShapedText {
    /// Shapes whole words until ``shapedEnd`` is past `offset` (plus ``LazyShaping/lookahead``)
    /// or at the end of the text, then forgets the lazy state once the text is done.
    func shapeWords(beyond offset: Int) {
        guard var lazy = lazyShaping, let wordCache else { return }
        let target = min(count, offset + LazyShaping.lookahead)
        let threadCache = ThreadWordCache.current
        defer { threadCache.flushHits(to: wordCache) }
        var end = shapedEnd
        let prefix = prefix, flags = flags
        bytes.withUnsafeBufferPointer { all in
            WordScratch.with { scratch in
                while end <= target && end < all.count {
                    while runs[lazy.run].range.upperBound <= end { lazy.run += 1 }
                    let run = runs[lazy.run]
                    let face = fonts.face(for: run.attributes.fontWeight)
                    end = Self.sumWordAdvances(all, from: end, through: target, end: run.range.upperBound,
                                               attributes: run.attributes, face: face, script: lazy.scripts[lazy.run],
                                               wordCache: wordCache, threadCache: threadCache, scratch: scratch,
                                               sum: &lazy.sum, magnitude: &lazy.magnitude, prefix: prefix, flags: flags)
                }
            }
        }
        prefix[end] = lazy.sum
        if end == count { flags[end] = Self.clusterStart }
        shapedEnd = end
        if lazy.magnitude >= 0x1p15 { composesFromWords = false }
        lazyShaping = end == count ? nil : lazy
    }

    /// Adds the words of the ASCII run `all[start..<end]` (`start` a word start, the run in
    /// `attributes` and `face`) to the running prefix sums, each word shaped alone: runs of
    /// composable words in one pass (``ComposableASCII/composeWords(_:from:through:end:script:scale:sum:magnitude:prefix:flags:)``),
    /// any other word through ``shapeWord(_:word:face:weight:script:wordCache:threadCache:scratch:_:)``.
    /// Starts no word past `target`; returns where it stopped (`end`, or the first word start
    /// past `target`).
    @inline(__always)
    static func sumWordAdvances(_ all: UnsafeBufferPointer<UInt8>, from start: Int, through target: Int, end: Int,
                                attributes: TextAttributes, face: BorrowedFace, script: hb_script_t,
                                wordCache: BorrowedWordCache, threadCache: ThreadWordCache, scratch: WordScratch,
                                sum: inout Double, magnitude: inout Double, prefix: UnsafeMutableBufferPointer<Double>,
                                flags: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let scale = attributes.fontSize / Double(face.unitsPerEm)
        let composable = ComposableASCII.covers(script)
        var offset = start
        while offset <= target && offset < end {
            if composable {
                offset = face.composable.composeWords(all, from: offset, through: target, end: end, script: script,
                                                      scale: scale, sum: &sum, magnitude: &magnitude,
                                                      prefix: prefix, flags: flags)
                // Short of `end` and `target`, composing stopped at a word that must be shaped.
                guard offset <= target && offset < end else { break }
            }
            let word = offset..<wordEnd(all, from: offset, in: offset..<end)
            shapeWord(all, word: word, face: face, weight: attributes.fontWeight, script: script,
                      wordCache: wordCache, threadCache: threadCache, scratch: scratch) { advances, wordFlags in
                addPrefixSums(of: word, advances: advances, wordFlags: wordFlags, scale: scale,
                              sum: &sum, magnitude: &magnitude, prefix: prefix, flags: flags)
            }
            offset = word.upperBound
        }
        return offset
    }

    /// Writes a shaped word's prefix sums and flags at its offsets, adding its clusters' advances
    /// (font units × `scale`) to `sum` left to right and their magnitudes to `magnitude`. Every
    /// path that builds prefix sums word by word goes through here, so equal prefixes are the same
    /// `Double` whichever path built them.
    @inline(__always)
    static func addPrefixSums(of word: Range<Int>, advances: UnsafeMutablePointer<Int32>,
                              wordFlags: UnsafeMutablePointer<UInt8>, scale: Double, sum: inout Double,
                              magnitude: inout Double, prefix: UnsafeMutableBufferPointer<Double>,
                              flags: UnsafeMutableBufferPointer<UInt8>) {
        for k in 0..<word.count {
            prefix[word.lowerBound + k] = sum
            flags[word.lowerBound + k] = wordFlags[k]
            guard wordFlags[k] != 0 else { continue }
            let advance = Double(advances[k]) * scale
            sum += advance
            magnitude += abs(advance)
        }
    }
}

/// Room for one word's advances (font units) and flags per byte, filled from a word cache or
/// HarfBuzz; words longer than ``WordShapeCache/maximumWordLength`` get buffers of their own.
struct WordScratch {
    let advances: UnsafeMutablePointer<Int32>
    let flags: UnsafeMutablePointer<UInt8>

    static func with<Result>(_ body: (WordScratch) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: WordShapeCache.maximumWordLength) { advances in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: WordShapeCache.maximumWordLength) { flags in
                body(WordScratch(advances: advances.baseAddress!, flags: flags.baseAddress!))
            }
        }
    }
}
