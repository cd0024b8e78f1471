import Testing
import Synchronization
import LayoutCore
import NodeKit

/// One row of texture-asserted-cases §I: the call with visible = YES, velocity zero, no delegate,
/// and the results for (LTR) / (RTL, not flipped) / (RTL, flipped).
struct BatchFetchingCase: Sendable, CustomTestStringConvertible {
    let id: String
    let fetching: Bool
    let direction: ScrollDirection
    let scrollable: ScrollDirection
    let bounds: Rect
    let content: Size
    let offset: Point
    let leading: Double
    let expected: (ltr: Bool, rtl: Bool, rtlFlipped: Bool)

    var testDescription: String { id }

    static let pass = (bounds: Rect(0, 0, 1, 1), content: Size(1, 1), offset: Point(1, 1))

    static let all: [BatchFetchingCase] = [
        .init(id: "BF-01", fetching: false, direction: .down, scrollable: .vertical, bounds: Rect(0, 0, 0, 0),
              content: Size(0, 0), offset: Point(0, 0), leading: 0, expected: (false, false, false)),
        .init(id: "BF-02", fetching: true, direction: .down, scrollable: .vertical, bounds: pass.bounds,
              content: pass.content, offset: pass.offset, leading: 1, expected: (false, false, false)),
        .init(id: "BF-03a", fetching: false, direction: .right, scrollable: .horizontal, bounds: pass.bounds,
              content: pass.content, offset: pass.offset, leading: 1, expected: (true, false, false)),
        .init(id: "BF-03b", fetching: false, direction: .down, scrollable: .vertical, bounds: pass.bounds,
              content: pass.content, offset: pass.offset, leading: 1, expected: (true, true, true)),
        .init(id: "BF-03c", fetching: false, direction: .up, scrollable: .vertical, bounds: pass.bounds,
              content: pass.content, offset: pass.offset, leading: 1, expected: (false, false, false)),
        .init(id: "BF-03d", fetching: false, direction: .left, scrollable: .horizontal, bounds: pass.bounds,
              content: pass.content, offset: pass.offset, leading: 1, expected: (false, true, true)),
        .init(id: "BF-04", fetching: false, direction: .down, scrollable: .vertical, bounds: Rect(0, 0, 1, 1),
              content: Size(0, 3), offset: Point(0, 1), leading: 1, expected: (true, true, true)),
        .init(id: "BF-05", fetching: false, direction: .down, scrollable: .vertical, bounds: Rect(0, 0, 1, 1),
              content: Size(0, 3), offset: Point(0, 0.5), leading: 1, expected: (false, false, false)),
        .init(id: "BF-06", fetching: false, direction: .down, scrollable: .vertical, bounds: Rect(0, 0, 1, 1),
              content: Size(0, 3), offset: Point(0, 3), leading: 1, expected: (true, true, true)),
        .init(id: "BF-07", fetching: false, direction: .right, scrollable: .vertical, bounds: Rect(0, 0, 1, 1),
              content: Size(3, 0), offset: Point(1, 0), leading: 1, expected: (true, true, true)),
        .init(id: "BF-08", fetching: false, direction: .left, scrollable: .horizontal, bounds: Rect(0, 0, 1, 1),
              content: Size(3, 0), offset: Point(0.5, 0), leading: 1, expected: (false, true, false)),
        .init(id: "BF-09", fetching: false, direction: .down, scrollable: .horizontal, bounds: Rect(0, 0, 1, 1),
              content: Size(3, 0), offset: Point(3, 0), leading: 1, expected: (true, false, true)),
        .init(id: "BF-10", fetching: false, direction: .down, scrollable: .vertical, bounds: Rect(0, 0, 1, 1),
              content: Size(0, 0.5), offset: Point(0, 0), leading: 1, expected: (true, true, true)),
        .init(id: "BF-11", fetching: false, direction: .right, scrollable: .horizontal, bounds: Rect(0, 0, 1, 1),
              content: Size(0.5, 0), offset: Point(0, 0), leading: 1, expected: (true, true, true)),
    ]

    func result(rtl: Bool, flips: Bool) -> Bool {
        let context = BatchContext()
        if fetching { context.beginBatchFetching() }
        return BatchFetching.shouldFetchBatch(
            context: context, scrollDirection: direction, scrollableDirections: scrollable, bounds: bounds,
            contentSize: content, targetOffset: offset, leadingScreens: leading, visible: true, rtl: rtl,
            velocity: .zero, flipsInRTL: flips, delegate: nil)
    }
}

/// Records what it was asked and answers a fixed value.
private final class FixedDelegate: BatchFetchingDelegate, @unchecked Sendable {
    // @unchecked: the record is a Mutex.
    let answer: Bool
    let asked = Mutex<[(Double, Bool)]>([])
    init(answer: Bool) { self.answer = answer }
    func shouldFetchBatch(remainingTime: Double, hint: Bool) -> Bool {
        asked.withLock { $0.append((remainingTime, hint)) }
        return answer
    }
}

@Suite struct BatchFetchingTests {
    @Test(arguments: BatchFetchingCase.all)
    func textureAssertedCase(_ row: BatchFetchingCase) {
        #expect(row.result(rtl: false, flips: false) == row.expected.ltr, "LTR")
        #expect(row.result(rtl: true, flips: false) == row.expected.rtl, "RTL")
        #expect(row.result(rtl: true, flips: true) == row.expected.rtlFlipped, "RTL + flipsInRTL")
    }

    @Test func theTableHas42Checks() {
        #expect(BatchFetchingCase.all.count * 3 == 42)
    }

    @Test func defaults() {
        #expect(BatchFetching.defaultLeadingScreens == 2.0)
        let context = BatchContext()
        #expect(!context.isFetching)
        #expect(context.state == .completed)
    }

    @Test func contextTransitions() {
        let context = BatchContext()
        context.beginBatchFetching()
        #expect(context.isFetching)
        context.completeBatchFetching(false)      // a no-op: still fetching
        #expect(context.isFetching)
        context.completeBatchFetching(true)
        #expect(context.state == .completed)
        context.beginBatchFetching()
        context.cancelBatchFetching()
        #expect(!context.isFetching)
        #expect(context.batchFetchingWasCancelled)
    }

    @Test func invisibleContainersOnlyFetchSmallContent() {
        let context = BatchContext()
        func fetch(content: Double) -> Bool {
            BatchFetching.shouldFetchBatch(
                context: context, scrollDirection: .down, scrollableDirections: .vertical, bounds: Rect(0, 0, 100, 100),
                contentSize: Size(100, content), targetOffset: Point(0, 900), leadingScreens: 2, visible: false)
        }
        #expect(fetch(content: 50))
        #expect(!fetch(content: 1000))
    }

    @Test func delegateDecidesWhenMovingFastEnough() {
        // Given 100pt of view, 1000pt of content, offset 750: remaining 150 ≤ 2 screens (200)
        let delegate = FixedDelegate(answer: false)
        func fetch(velocity: Point) -> Bool {
            BatchFetching.shouldFetchBatch(
                context: BatchContext(), scrollDirection: .down, scrollableDirections: .vertical,
                bounds: Rect(0, 0, 100, 100), contentSize: Size(100, 1000), targetOffset: Point(0, 750),
                leadingScreens: 2, visible: true, velocity: velocity, delegate: delegate)
        }
        #expect(fetch(velocity: Point(0, 0)))            // no velocity: the delegate is not asked
        #expect(!fetch(velocity: Point(0, 0.5)))         // asked with 150 / 500 s and the hint YES
        let asked = delegate.asked.withLock { $0 }
        #expect(asked.count == 1)
        #expect(asked.first?.0 == 0.3)
        #expect(asked.first?.1 == true)
    }
}
