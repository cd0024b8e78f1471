import CHarfBuzz

/// A face's printable ASCII characters that a Latin or Common word can be made of and still be
/// composed without HarfBuzz: each character's glyph advance plus, for each pair of neighbours,
/// the kerning HarfBuzz applies between them (``FontFace/computeComposableASCII(_:_:)`` finds
/// them and measures the pairs).
///
/// Two tables, allocated once per face and never written after: 128 advances in font units (−1
/// for a character that must be shaped) and, for Latin and for Common text (a face may kern
/// them differently: DejaVu Sans kerns "-A" in Latin only), 128 × 128 pair entries
/// `adjustment << 1 | unsafe`, where `adjustment` is added to the first character's advance and
/// `unsafe` says HarfBuzz flags the second one `UNSAFE_TO_BREAK`, or ``shapedPair`` for a pair
/// that must be shaped (it opens a ligature: "fi", "ff" and "fl" in DejaVu Sans).
///
/// Sendable: it holds the tables' addresses, and the tables are immutable once the face has
/// loaded; the owning ``FontFace`` frees them in `deinit` (``deallocate()``).
struct ComposableASCII: Sendable {
    private let advancesAddress: UInt
    private let pairsAddress: UInt

    /// Tables with no composable character.
    init() {
        let advances = UnsafeMutablePointer<Int32>.allocate(capacity: 128)
        advances.initialize(repeating: -1, count: 128)
        let pairs = UnsafeMutablePointer<Int16>.allocate(capacity: 2 * 128 * 128)
        pairs.initialize(repeating: 0, count: 2 * 128 * 128)
        advancesAddress = UInt(bitPattern: advances)
        pairsAddress = UInt(bitPattern: pairs)
    }

    private var advances: UnsafeMutablePointer<Int32> { UnsafeMutablePointer(bitPattern: advancesAddress)! }
    private var pairs: UnsafeMutablePointer<Int16> { UnsafeMutablePointer(bitPattern: pairsAddress)! }

    /// The pair entry of a pair that must be shaped: outside the range of `setPair`'s values.
    static let shapedPair = Int16.min

    /// Makes `code` composable with `advance` (font units). Only while the face is being loaded.
    func setAdvance(_ advance: Int32, of code: UInt8) {
        advances[Int(code)] = advance
    }

    /// Whether words of `script` may be composed: Latin and Common, the only scripts whose
    /// lookups and pairs the face checked at load.
    @inline(__always)
    static func covers(_ script: hb_script_t) -> Bool {
        script == HB_SCRIPT_LATIN || script == HB_SCRIPT_COMMON
    }

    /// Where `script`'s pair table starts: Common's, or Latin's for any other script.
    @inline(__always)
    private static func pairBase(_ script: hb_script_t) -> Int {
        script == HB_SCRIPT_COMMON ? 128 * 128 : 0
    }

    /// Records the pair `(a, b)` in `script` text; false when `adjustment` does not fit the table
    /// (then the caller must not compose `a` or `b`). Only while the face is being loaded.
    func setPair(_ a: UInt8, _ b: UInt8, script: hb_script_t, adjustment: Int32, unsafe: Bool) -> Bool {
        guard abs(adjustment) < 0x3FFF else { return false }
        pairs[Self.pairBase(script) + (Int(a) << 7 | Int(b))] = Int16(adjustment << 1 | (unsafe ? 1 : 0))
        return true
    }

    /// Makes the pair `(a, b)` one that must be shaped, in every script. Only while the face is
    /// being loaded.
    func setShapedPair(_ a: UInt8, _ b: UInt8) {
        for script in [HB_SCRIPT_LATIN, HB_SCRIPT_COMMON] {
            pairs[Self.pairBase(script) + (Int(a) << 7 | Int(b))] = Self.shapedPair
        }
    }

    /// The advance in font units of `byte` when it is composable, else −1.
    @inline(__always)
    func advance(of byte: UInt8) -> Int32 {
        byte < 0x80 ? advances[Int(byte)] : -1
    }

    /// Composes `all[word]`, Latin or Common text, into `wordAdvances` and `wordFlags` (per byte:
    /// the cluster's advance in font units and ``ShapedText``'s flags) as HarfBuzz shapes it, or
    /// returns false, having written part of them, when some character or pair must be shaped.
    @inline(__always)
    func compose(_ all: UnsafeBufferPointer<UInt8>, word: Range<Int>, script: hb_script_t,
                 advances wordAdvances: UnsafeMutablePointer<Int32>, flags wordFlags: UnsafeMutablePointer<UInt8>) -> Bool {
        let advances = advances, pairs = pairs + Self.pairBase(script)
        var previous = 0
        for k in 0..<word.count {
            let byte = all[word.lowerBound + k]
            guard byte < 0x80 else { return false }
            let advance = advances[Int(byte)]
            guard advance >= 0 else { return false }
            wordAdvances[k] = advance
            wordFlags[k] = ShapedText.clusterStart
            if k > 0 {
                let entry = pairs[previous << 7 | Int(byte)]
                guard entry != Self.shapedPair else { return false }
                let pair = Int32(entry)
                wordAdvances[k - 1] += pair >> 1
                wordFlags[k] |= UInt8(truncatingIfNeeded: pair & 1) * ShapedText.unsafeToBreak
            }
            previous = Int(byte)
        }
        return true
    }

    /// Composes the words of `all` (Latin or Common text) from `start`, a word start, to `end`,
    /// split as ``ShapedText/forEachWord(_:in:_:)`` splits them, adding their clusters to the
    /// running prefix sums exactly as ``ShapedText/addPrefixSums(of:advances:wordFlags:scale:sum:magnitude:prefix:flags:)``
    /// adds a word composed alone by ``compose(_:word:script:advances:flags:)``, in one pass
    /// with no buffer or call per word. Starts no word past `target`. Returns where it stopped:
    /// `end`, the first word start past `target`, or the start of the first word with a
    /// character or pair that must be shaped (none of that word is in `sum` or `magnitude`; its
    /// offsets in `prefix` and `flags` may have been written, and are the caller's to write again).
    @inline(__always)
    func composeWords(_ all: UnsafeBufferPointer<UInt8>, from start: Int, through target: Int, end: Int,
                      script: hb_script_t, scale: Double, sum: inout Double, magnitude: inout Double,
                      prefix: UnsafeMutableBufferPointer<Double>, flags: UnsafeMutableBufferPointer<UInt8>) -> Int {
        guard start < end else { return start }
        let advances = advances, pairs = pairs + Self.pairBase(script)
        var total = sum, magnitudes = magnitude
        // The word being composed: where it starts, and the sums before it.
        var wordStart = start, wordTotal = total, wordMagnitudes = magnitudes
        // The previous character: its advance so far (a kerning pair adds to it), flags and code.
        var pending: Int32 = 0, pendingFlags: UInt8 = 0, previous = 0
        @inline(__always) func addPending(at offset: Int) {
            prefix[offset] = total
            flags[offset] = pendingFlags
            let advance = Double(pending) * scale
            total += advance
            magnitudes += abs(advance)
        }
        var i = start
        while i < end {
            let byte = all[i]
            let advance = byte < 0x80 ? advances[Int(byte)] : -1
            var byteFlags = ShapedText.clusterStart
            if i > wordStart {
                if all[i - 1] == 0x20 && byte != 0x20 && byte < 0x80 {
                    addPending(at: i - 1)
                    (wordStart, wordTotal, wordMagnitudes) = (i, total, magnitudes)
                    if i > target { break }
                } else if advance >= 0 {
                    let entry = pairs[previous << 7 | Int(byte)]
                    guard entry != Self.shapedPair else { break }
                    let pair = Int32(entry)
                    pending &+= pair >> 1
                    byteFlags |= UInt8(truncatingIfNeeded: pair & 1) * ShapedText.unsafeToBreak
                    addPending(at: i - 1)
                }
            }
            guard advance >= 0 else { break }
            (pending, pendingFlags, previous) = (advance, byteFlags, Int(byte))
            i &+= 1
        }
        if i == end {
            addPending(at: end - 1)
            (sum, magnitude) = (total, magnitudes)
            return end
        }
        (sum, magnitude) = (wordTotal, wordMagnitudes)
        return wordStart
    }

    func deallocate() {
        advances.deallocate()
        pairs.deallocate()
    }
}
