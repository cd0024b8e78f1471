import Foundation
import Testing
import TextLayout

/// The measurement cache: hits, misses, keys and concurrent use.
@Suite struct TextLayoutCacheTests {
    let text = AttributedText("A caption to measure twice", attributes: TextAttributes(fontSize: 14))

    @Test func secondMeasurementIsAHit() {
        let measurer = TextFixtures.measurer()
        let first = measurer.measure(text, maxWidth: 100, scale: 2)
        #expect(measurer.cache.statistics == TextLayoutCacheStatistics(hits: 0, misses: 1, count: 1))
        let second = measurer.measure(text, maxWidth: 100, scale: 2)
        #expect(measurer.cache.statistics == TextLayoutCacheStatistics(hits: 1, misses: 1, count: 1))
        #expect(first == second)
        #expect(first == measurer.measureUncached(text, maxWidth: 100))
    }

    @Test func everyPartOfTheKeyMatters() {
        let measurer = TextFixtures.measurer()
        _ = measurer.measure(text, maxWidth: 100, scale: 2)
        _ = measurer.measure(text, maxWidth: 101, scale: 2)
        _ = measurer.measure(text, maxWidth: 100, scale: 3)
        _ = measurer.measure(text, options: TextLayoutOptions(maximumNumberOfLines: 1), maxWidth: 100, scale: 2)
        _ = measurer.measure(AttributedText(text.string, attributes: TextAttributes(fontSize: 15)), maxWidth: 100,
                             scale: 2)
        _ = measurer.measure(AttributedText(text.string, attributes: TextAttributes(fontWeight: .bold)),
                             maxWidth: 100, scale: 2)
        #expect(measurer.cache.statistics == TextLayoutCacheStatistics(hits: 0, misses: 6, count: 6))
        _ = measurer.measure(text, maxWidth: .nan, scale: 2)
        _ = measurer.measure(text, maxWidth: 0, scale: 2)
        #expect(measurer.cache.statistics.hits == 1)  // NaN is keyed as 0
    }

    @Test func capacityBoundsTheEntriesAndRecentOnesSurvive() {
        let measurer = TextMeasurer(fonts: TextFixtures.fonts, cache: TextLayoutCache(capacity: 32, partitionCount: 1))
        for i in 0..<200 { _ = measurer.measure(AttributedText("caption \(i)"), maxWidth: 100) }
        #expect(measurer.cache.statistics.count <= 32)
        _ = measurer.measure(AttributedText("caption 199"), maxWidth: 100)
        #expect(measurer.cache.statistics.hits == 1)
        measurer.cache.removeAll()
        #expect(measurer.cache.statistics == TextLayoutCacheStatistics())
    }

    @Test func concurrentMeasurementsAgreeWithSerialOnes() async {
        let measurer = TextFixtures.measurer()
        let strings = (0..<64).map { "Caption number \($0): Привет, Καλημέρα, 中文 😀 — https://x.io/\($0)" }
        let expected = strings.map { measurer.measureUncached(AttributedText($0), maxWidth: 120) }
        let results = await withTaskGroup(of: (Int, TextMeasurement).self) { group in
            for _ in 0..<4 {
                for (i, string) in strings.enumerated() {
                    group.addTask { (i, measurer.measure(AttributedText(string), maxWidth: 120)) }
                }
            }
            var all: [(Int, TextMeasurement)] = []
            for await result in group { all.append(result) }
            return all
        }
        for (i, measurement) in results { #expect(measurement == expected[i]) }
        let stats = measurer.cache.statistics
        #expect(stats.hits + stats.misses == 256)
        // Every text is in the partition of each thread that measured it, once.
        #expect((64...64 * measurer.cache.partitionCount).contains(stats.count))
        #expect(stats.misses >= stats.count)
    }

    /// A thread finds what it measured; another thread, in a partition of its own, measures the
    /// same text again and then finds its own. Both threads live through the whole test, so their
    /// numbers differ, and with more partitions than threads alive their partitions do too.
    @Test func eachThreadFindsTheMeasurementsItFiled() {
        let measurer = TextMeasurer(fonts: TextFixtures.fonts, cache: TextLayoutCache(partitionCount: 4_096))
        let first = OneThread(), second = OneThread()
        first.run { _ = measurer.measure(text, maxWidth: 100) }
        #expect(measurer.cache.statistics == TextLayoutCacheStatistics(hits: 0, misses: 1, count: 1))
        first.run { _ = measurer.measure(text, maxWidth: 100) }
        #expect(measurer.cache.statistics == TextLayoutCacheStatistics(hits: 1, misses: 1, count: 1))
        second.run { _ = measurer.measure(text, maxWidth: 100) }
        #expect(measurer.cache.statistics == TextLayoutCacheStatistics(hits: 1, misses: 2, count: 2))
        second.run { _ = measurer.measure(text, maxWidth: 100) }
        first.run { _ = measurer.measure(text, maxWidth: 100) }
        #expect(measurer.cache.statistics == TextLayoutCacheStatistics(hits: 3, misses: 2, count: 2))
        first.stop()
        second.stop()
    }
}

/// A thread of its own that runs the closures it is given one at a time, each to its end before
/// ``run(_:)`` returns, until ``stop()``.
private final class OneThread: @unchecked Sendable {
    // @unchecked: `work` is written by the caller and read by the thread, each time ordered by a
    // semaphore (signal before wait).
    private var work: (@Sendable () -> Void)?
    private let ready = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)

    init() {
        Thread.detachNewThread { [self] in
            while true {
                ready.wait()
                guard let job = work else { break }
                job()
                done.signal()
            }
            done.signal()
        }
    }

    func run(_ job: @escaping @Sendable () -> Void) {
        work = job
        ready.signal()
        done.wait()
    }

    func stop() {
        work = nil
        ready.signal()
        done.wait()
    }
}
