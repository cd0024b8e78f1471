import FeedRendering
import PhotoFeed
import Testing
import TextLayout

@Suite struct TextSnapshotTests {
    private let attributes = TextAttributes(fontSize: 13, fontWeight: .bold)
    private let caption = "Sunset over the old harbour with friends"

    @Test func takesLinesFromTheMeasurement() throws {
        // Given a caption measured into a 150-point column
        let text = AttributedText(caption, attributes: attributes)
        let measurement = TextMeasurer.shared.measure(text, maxWidth: 150)
        try #require(measurement.lines.count > 1)
        // When turned into a snapshot
        let snapshot = TextSnapshot(text: text, measurement: measurement)
        // Then it has the measured lines' visible text, baselines and widths, in the text's font
        #expect(snapshot.fontSize == 13 && snapshot.fontWeight == "bold")
        #expect(snapshot.lines.map(\.baseline) == measurement.lines.map(\.baseline))
        #expect(snapshot.lines.map(\.width) == measurement.lines.map(\.width))
        #expect(snapshot.lines.allSatisfy { $0.x == 0 && $0.text.last != " " })
        #expect(snapshot.lines.map(\.text).joined(separator: " ") == caption)
    }

    @Test func endsATruncatedLineWithTheTruncationString() throws {
        // Given the caption limited to one line in the same column
        let text = AttributedText(caption, attributes: attributes)
        let options = TextLayoutOptions(maximumNumberOfLines: 1)
        let measurement = TextMeasurer.shared.measure(text, options: options, maxWidth: 150)
        // When turned into a snapshot, Then its one line ends with "…" and keeps the measured width
        let snapshot = TextSnapshot(text: text, measurement: measurement, options: options)
        let line = try #require(snapshot.lines.first)
        #expect(snapshot.lines.count == 1)
        #expect(line.text.hasSuffix("\u{2026}") && caption.hasPrefix(String(line.text.dropLast())))
        #expect(line.width == measurement.lines[0].width && line.width <= 150)
    }
}
