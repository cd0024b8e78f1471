import LayoutCore
import NodeKit
import Synchronization

/// Texture's layout-engine test node: records every `calculateLayout` call with its constraint
/// and every hook, and (with no spec and a non-zero ``testSize``) measures as
/// `clamp(constraint, testSize)`.
///
/// Thread safety: its own state is behind a `Mutex`, like its superclass's.
public final class LayoutTestNode: DisplayNode, @unchecked Sendable {
    /// One `calculateLayout` call.
    public struct Calculation: Equatable, Sendable {
        public var constraint: SizeRange
        /// Whether it ran inside a ``RecordingMeasurementExecutor`` (Texture's "off main").
        public var offMain: Bool
    }

    private struct Record {
        var testSize = Size.zero
        var calculations: [Calculation] = []
        var events: [String] = []
    }

    private let record = Mutex(Record())

    public override init(id: LayoutElementID) {
        super.init(id: id)
    }

    /// The size the manual path returns (clamped) when non-zero.
    public var testSize: Size {
        get { record.withLock { $0.testSize } }
        set { record.withLock { $0.testSize = newValue } }
    }

    /// Every calculation since the last ``resetCounts()``.
    public var calculations: [Calculation] { record.withLock { $0.calculations } }

    /// The constraints of ``calculations``.
    public var constraints: [SizeRange] { calculations.map(\.constraint) }

    /// Hook calls in order: "calculatedLayoutDidChange", "animateLayoutTransition",
    /// "didCompleteLayoutTransition", "layoutTransitionMeasurementDidFinish".
    public var events: [String] { record.withLock { $0.events } }

    /// How often `event` was recorded.
    public func count(_ event: String) -> Int { events.filter { $0 == event }.count }

    public func resetCounts() {
        record.withLock { state in
            state.calculations = []
            state.events = []
        }
    }

    public override func calculateLayout(_ resolved: SizeRange, context: LayoutContext) -> Layout {
        let size = record.withLock { state in
            state.calculations.append(Calculation(constraint: resolved, offMain: RecordingMeasurementExecutor.isRunning))
            return state.testSize
        }
        if size != .zero && layoutSpecBlock == nil {
            return Layout(element: id, isNode: true, size: resolved.clamp(size), context: context)
        }
        return super.calculateLayout(resolved, context: context)
    }

    private func log(_ event: String) {
        record.withLock { $0.events.append(event) }
    }

    public override func calculatedLayoutDidChange() {
        log("calculatedLayoutDidChange")
        super.calculatedLayoutDidChange()
    }

    public override func animateLayoutTransition(_ context: LayoutTransitionContext) {
        log("animateLayoutTransition")
        super.animateLayoutTransition(context)
    }

    public override func didCompleteLayoutTransition(_ context: LayoutTransitionContext) {
        log("didCompleteLayoutTransition")
        super.didCompleteLayoutTransition(context)
    }

    public override func layoutTransitionMeasurementDidFinish() {
        log("layoutTransitionMeasurementDidFinish")
        super.layoutTransitionMeasurementDidFinish()
    }
}

/// A deterministic stand-in for Texture's background measurement queue: runs the work inline,
/// marked as "off main" for ``LayoutTestNode``, then runs ``whileMeasuring`` (to observe the
/// node while its transition is still in flight) before handing the result back.
public struct RecordingMeasurementExecutor: LayoutMeasurementExecutor {
    @TaskLocal public static var isRunning = false

    private let whileMeasuring: @Sendable () -> Void

    public init(whileMeasuring: @escaping @Sendable () -> Void = {}) {
        self.whileMeasuring = whileMeasuring
    }

    public func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        let result = RecordingMeasurementExecutor.$isRunning.withValue(true) { work() }
        whileMeasuring()
        return result
    }
}
