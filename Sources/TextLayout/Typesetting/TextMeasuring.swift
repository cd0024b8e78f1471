/// Something that measures attributed text: how `NodeKit`'s text node reaches the text engine,
/// so tests can substitute a fake.
///
/// Class-bound: a measurer is a shared service, and a text node calls it through a one-word
/// reference. Through an unconstrained existential, every call would copy the existential first,
/// retaining the measurer each time, and on two cores both threads would write its reference
/// count.
public protocol TextMeasuring: AnyObject, Sendable {
    /// Lays `text` out for widths up to `maxWidth` at `scale` pixels per point.
    ///
    /// Lines break against `maxWidth` (`.infinity`: only at newlines). A range's minimum width
    /// is not part of the request: it cannot change the lines (Texture's text node, too, lays out
    /// against the maximum and lets the range clamp the size), so a node measured again with
    /// only a new minimum, as a stretching stack does, asks nothing new.
    func measure(_ text: AttributedText, options: TextLayoutOptions, maxWidth: Double, scale: Double)
        -> TextMeasurement

    /// The font metrics of `attributes` (a one-line text's metrics in those attributes).
    func lineMetrics(for attributes: TextAttributes) -> LineMetrics

    /// A digest of the fonts measured with (``FontSetDigest``): part of the key of every layout
    /// measured through this measurer, so layouts never outlive their fonts. Empty by default,
    /// for measurers that measure with no font files.
    var fontSetDigest: [UInt8] { get }
}

extension TextMeasuring {
    public var fontSetDigest: [UInt8] { [] }
}
