/// One entry of the measurement cache: the full key it answers and the measurement, stored inline
/// in a ``MeasurementTable``'s block.
///
/// Its fields fill 128 bytes, two cache lines, which the table aligns to 128 bytes, so that a hit
/// reads one pair of adjacent lines (the pair that adjacent-line prefetchers fetch together) for
/// both the key comparison and the result; only the result's lines array lives elsewhere. The
/// table compares the fields in place (``MeasurementTable/measurement(at:text:options:maxWidth:scale:)``).
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
}
