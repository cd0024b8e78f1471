/// Where a text splits into the words that are shaped one by one: after a run of U+0020, before
/// a character that starts a cluster of its own.
extension ShapedText {
    /// Splits `range` into words, each with the spaces that follow it. A split falls only after a
    /// U+0020 and before a character that is neither a space nor a mark or format character (which
    /// would belong to the space's cluster).
    static func forEachWord(_ all: UnsafeBufferPointer<UInt8>, in range: Range<Int>, _ body: (Range<Int>) -> Void) {
        var start = range.lowerBound
        var i = range.lowerBound + 1
        while i < range.upperBound {
            if startsWord(all, at: i, end: range.upperBound) {
                body(start..<i)
                start = i
            }
            i += 1
        }
        body(start..<range.upperBound)
    }

    /// Whether a word starts at `i` (> 0): after a U+0020, at a character that is neither a
    /// space nor one that belongs to the space's cluster (a mark or a format character).
    @inline(__always)
    static func startsWord(_ all: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> Bool {
        all[i - 1] == 0x20 && all[i] != 0x20
            && (all[i] < 0x80 || ScriptItemizer.startsCluster(all, at: i, end: end))
    }

    /// Where the word starting at `start` ends within `run`: after its trailing spaces, where
    /// ``forEachWord(_:in:_:)`` splits.
    static func wordEnd(_ all: UnsafeBufferPointer<UInt8>, from start: Int, in run: Range<Int>) -> Int {
        var end = start + 1
        while end < run.upperBound && !startsWord(all, at: end, end: run.upperBound) { end += 1 }
        return end
    }
}
