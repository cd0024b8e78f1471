/// One entry of the measurement cache: the full key it answers and the measurement, stored inline
/// in a ``MeasurementTable``'s block.
///
/// Its fields fill 128 bytes, two cache lines, which the table aligns to 128 bytes, so that a hit
/// reads one pair of adjacent lines (the pair that adjacent-line prefetchers fetch together) for
/// both the key comparison and the result; only the result's lines array lives elsewhere.
struct CachedMeasurement {
    let text: AttributedText
    let maxWidth: Double
    let scale: Double
    let options: TextLayoutOptions
    let measurement: TextMeasurement

    init(key: consuming TextLayoutKey, measurement: TextMeasurement) {
        text = key.text
        maxWidth = key.maxWidth
        scale = key.scale
        options = key.options
        self.measurement = measurement
    }

    /// Whether this entry answers the request (cheapest comparisons first). The text comparison
    /// is by identity when the request's string and runs are the stored ones (the entry keeps them
    /// alive, so their addresses cannot be reused), and by bytes otherwise.
    @inline(__always)
    func matches(text: AttributedText, options: TextLayoutOptions, maxWidth: Double, scale: Double) -> Bool {
        self.maxWidth == maxWidth && self.scale == scale && self.options == options && self.text == text
    }
}
