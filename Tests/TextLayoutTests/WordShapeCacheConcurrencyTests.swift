import Dispatch
import Testing
import TextLayout

/// Many threads measuring through one small word cache (so generations rotate while they read)
/// get exactly what one thread gets; run under the thread sanitizer, this also checks the
/// cache's locking.
@Suite struct WordShapeCacheConcurrencyTests {
    static let words = ["sunset", "over", "the", "harbour", "AVATAR", "Type", "WAVE", "office", "Tyrannosaurus",
                        "1,234.5", "(x)", "well-known", "Lisbon", "Montréal", "Reykjavík", "coffee", "y.", "To"]

    static func texts() -> [AttributedText] {
        (0..<64).map { index in
            let string = (0..<(8 + index % 13)).map { words[($0 * 7 + index * 3) % words.count] }.joined(separator: " ")
            return AttributedText(string, attributes: TextAttributes(fontSize: index % 3 == 0 ? 17 : 14,
                                                                     fontWeight: index % 4 == 0 ? .bold : .regular))
        }
    }

    @Test func parallelMeasurementsEqualSequentialOnes() {
        let texts = Self.texts()
        let options = TextLayoutOptions(maximumNumberOfLines: 2)
        let sequential = TextMeasurer(fonts: TextFixtures.fonts, wordCache: WordShapeCache())
        let expected = texts.map { sequential.measureUncached($0, options: options, maxWidth: 120) }
        let shared = TextMeasurer(fonts: TextFixtures.fonts, wordCache: WordShapeCache(capacity: 16, shardCount: 1))
        let results = Results(count: texts.count * 4)
        DispatchQueue.concurrentPerform(iterations: texts.count * 4) { job in
            let index = (job * 17) % texts.count
            results.set(job, shared.measureUncached(texts[index], options: options, maxWidth: 120) == expected[index])
        }
        #expect(results.all)
        #expect((shared.wordCache?.statistics.count ?? 0) <= 32)
    }
}

/// Per-job outcomes written from many threads, serialised by a queue (which the thread
/// sanitizer understands).
private final class Results: @unchecked Sendable {
    // @unchecked: `values` is only touched on `queue`.
    private let queue = DispatchQueue(label: "WordShapeCacheConcurrencyTests.Results")
    private var values: [Bool]

    init(count: Int) { values = [Bool](repeating: false, count: count) }

    func set(_ index: Int, _ value: Bool) { queue.sync { values[index] = value } }

    var all: Bool { queue.sync { values.allSatisfy { $0 } } }
}
