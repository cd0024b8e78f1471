/// Something that measures attributed text: how `NodeKit`'s text node reaches the text engine,
/// so tests can substitute a fake.
public protocol TextMeasuring: Sendable {
    /// Lays `text` out for widths in `minWidth...maxWidth` at `scale` pixels per point.
    ///
    /// Lines break against `maxWidth` (`.infinity`: only at newlines). `minWidth` does not change
    /// the lines; it is part of the request so that callers may key caches on the whole range.
    func measure(_ text: AttributedText, options: TextLayoutOptions, minWidth: Double, maxWidth: Double,
                 scale: Double) -> TextMeasurement

    /// The font metrics of `attributes` (a one-line text's metrics in those attributes).
    func lineMetrics(for attributes: TextAttributes) -> LineMetrics
}
