import Testing
import TextLayout

/// A text measured again at another width on the same thread is not shaped again, and gives
/// exactly what a measurer that never saw it gives. (Texts of one ASCII run are laid out from
/// their words each time, without a shaped text to keep: see ``ComposedText``. These are not.)
@Suite struct RecentShapedTextsTests {
    static let paragraph = "Golden light on the water as the boats come home along the coast; a long, quiet evening "
        + "walk with friends after coffee at the café, city lights over the harbour."

    @Test func aSecondWidthReusesTheShapingAndMatchesAFreshMeasurer() {
        let measurer = TextFixtures.measurer()
        let text = AttributedText(Self.paragraph, attributes: TextAttributes(fontSize: 14))
        let first = measurer.measure(text, maxWidth: 335, scale: 2)
        let shapingLookups = measurer.wordCache?.statistics
        var widths: [Double] = [120, 240, 335.5, 60]
        var measurements = [first]
        for width in widths {
            measurements.append(measurer.measure(text, maxWidth: width, scale: 2))
        }
        #expect(measurer.cache.statistics.misses == 5, "every width is a new measurement")
        #expect(measurer.wordCache?.statistics == shapingLookups, "no word was looked up or shaped again")
        widths.insert(335, at: 0)
        for (width, measurement) in zip(widths, measurements) {
            let fresh = TextFixtures.measurer().measure(text, maxWidth: width, scale: 2)
            #expect(measurement == fresh, "width \(width)")
            #expect(measurement.lines.count == fresh.lines.count && !fresh.lines.isEmpty)
        }
    }

    @Test func anotherTextOrMeasurerIsShapedAfresh() {
        let measurer = TextFixtures.measurer()
        // Words that open a ligature go through the word cache (others are composed without it).
        let text = AttributedText("off fig flu", attributes: TextAttributes(fontSize: 14))
        _ = measurer.measure(text, maxWidth: 300, scale: 2)
        let afterFirst = measurer.wordCache?.statistics
        // Same string, other attributes: another text.
        _ = measurer.measure(AttributedText("off fig flu", attributes: TextAttributes(fontSize: 17)),
                             maxWidth: 300, scale: 2)
        #expect(measurer.wordCache?.statistics != afterFirst)
        // Another measurer with its own word cache shapes (and counts) its own words.
        let other = TextFixtures.measurer()
        _ = other.measure(text, maxWidth: 200, scale: 2)
        #expect(other.wordCache?.statistics.misses == 3)
    }
}
