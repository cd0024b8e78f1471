import TextLayout

/// Shared fonts and helpers for the text tests.
enum TextFixtures {
    /// DejaVu Sans and Bold from fonts-dejavu-core, loaded once for every test.
    static let fonts: FontCollection = {
        do { return try FontCollection() } catch { fatalError("tests need fonts-dejavu-core: \(error)") }
    }()

    /// DejaVu Sans units per em.
    static let upem = 2048.0

    /// A measurer with its own cache, so counters start at zero.
    static func measurer() -> TextMeasurer {
        TextMeasurer(fonts: fonts)
    }

    /// `units` font units at `size` points.
    static func points(_ units: Int, size: Double = 14) -> Double {
        Double(units) * size / upem
    }

    /// The visible text of every line.
    static func lineTexts(_ text: AttributedText, _ measurement: TextMeasurement) -> [String] {
        measurement.lines.map { text.substring(utf8: $0.visibleRange) }
    }

    /// Lays out `string` at 14pt regular within `width`.
    static func lines(_ string: String, width: Double, size: Double = 14,
                      options: TextLayoutOptions = TextLayoutOptions()) -> [String] {
        let text = AttributedText(string, attributes: TextAttributes(fontSize: size))
        return lineTexts(text, measurer().measureUncached(text, options: options, maxWidth: width))
    }
}

/// Whether two widths agree to well below a pixel (sums of scaled advances differ in the last bits).
func close(_ a: Double, _ b: Double) -> Bool {
    abs(a - b) < 1e-9
}
