import TextLayout

extension TextSnapshot {
    /// The snapshot of a text node from its measurement: each line's visible characters (plus the
    /// truncation string on a truncated line), its baseline and its width, left-aligned at x = 0.
    ///
    /// The font is the first run's (a snapshot has one font per node): a text that mixes weights,
    /// such as a caption starting with a bold user name, is drawn in the first run's weight, with
    /// its lines still at their measured positions.
    public init(text: AttributedText, measurement: TextMeasurement, options: TextLayoutOptions = TextLayoutOptions()) {
        let attributes = text.runs.first?.attributes ?? TextAttributes()
        let lines = measurement.lines.map { line in
            let visible = text.substring(utf8: line.visibleRange)
            return TextLineSnapshot(text: line.isTruncated ? visible + options.truncationString : visible,
                                    x: 0, baseline: line.baseline, width: line.width)
        }
        self.init(lines: lines, fontSize: attributes.fontSize, fontWeight: attributes.fontWeight.rawValue)
    }
}
