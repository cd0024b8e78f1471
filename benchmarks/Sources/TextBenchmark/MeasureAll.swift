import TextLayout

/// Measures every text at `width` and scale 2, each in place in the array, and returns the number
/// of lines (a checksum).
///
/// A text node measures the text it holds in place too (under its lock, through its state's
/// exclusive access, without copying it out). Passing each element by value would retain and
/// release its string and runs around the call: two memory accesses per text that belong to the
/// loop, not to the measurement. The exclusive (`inout`) access to each element is what lets the
/// compiler lend the text to the call without that copy.
func measureAll(_ texts: inout [AttributedText], with measurer: TextMeasurer, width: Double) -> Int {
    var lines = 0
    for index in texts.indices {
        lines &+= lineCount(&texts[index], measurer: measurer, width: width)
    }
    return lines
}

private func lineCount(_ text: inout AttributedText, measurer: TextMeasurer, width: Double) -> Int {
    measurer.measure(text, maxWidth: width, scale: 2).lines.count
}
