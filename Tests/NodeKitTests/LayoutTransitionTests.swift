import Synchronization
import Testing
import LayoutCore
import NodeKit
import NodeTestSupport

/// `transitionLayout` (semantics §6.4): Texture's order, insertions before the animation and
/// removals after it, and superseded transitions.
@Suite struct LayoutTransitionTests {
    /// A managed node switching between two absolute layouts of 100×100 nodes.
    final class Switcher: Sendable {
        let root = LayoutTestNode(id: "root")
        let a = node("a", 100, 100), b = node("b", 100, 100), c = node("c", 100, 100)
        let second = Flag()

        init() {
            root.automaticallyManagesSubnodes = true
            root.frame = Rect(0, 0, 200, 200)
            root.layoutSpecBlock = { [a, b, c, second] _, _ in
                second.isSet
                    ? AbsoluteLayoutSpec(children: [c, InsetLayoutSpec(insets: EdgeInsets(top: 100, left: 100), child: b)])
                    : AbsoluteLayoutSpec(children: [a, b])
            }
            root.layoutIfNeeded()
            second.isSet = true
        }
    }

    final class Flag: Sendable {
        private let value = Mutex(false)
        var isSet: Bool {
            get { value.withLock { $0 } }
            set { value.withLock { $0 = newValue } }
        }
    }

    /// Completes its transitions only when told to, like a running animation.
    final class DeferredAnimationNode: DisplayNode, @unchecked Sendable {
        let contexts = Mutex<[LayoutTransitionContext]>([])
        override func animateLayoutTransition(_ context: LayoutTransitionContext) {
            contexts.withLock { $0.append(context) }
        }
    }

    @Test func completionThenInsertionsThenAnimationThenRemovals() async {
        let s = Switcher()
        s.root.resetCounts()
        let subnodesAtCompletion = Mutex<[LayoutElementID]>([])
        await s.root.transitionLayout(animated: true, measureAsync: false) { [s] in
            subnodesAtCompletion.withLock { $0 = s.root.subnodes.map(\.id) }
        }
        #expect(subnodesAtCompletion.withLock { $0 } == ["a", "b"], "completion runs before insertions")
        #expect(s.root.events == ["layoutTransitionMeasurementDidFinish", "animateLayoutTransition",
                                  "didCompleteLayoutTransition", "calculatedLayoutDidChange"])
        #expect(s.root.subnodes.map(\.id) == ["c", "b"])
        #expect(s.b.frame == Rect(100, 100, 100, 100))
        #expect(!s.root.isInLayoutTransition)
    }

    @Test func removalsWaitForTheAnimationToComplete() async throws {
        let root = DeferredAnimationNode(id: "root")
        let a = node("a", 100, 100), b = node("b", 100, 100)
        let second = Flag()
        root.automaticallyManagesSubnodes = true
        root.frame = Rect(0, 0, 100, 100)
        root.layoutSpecBlock = { _, _ in AbsoluteLayoutSpec(children: [second.isSet ? b : a]) }
        root.layoutIfNeeded()
        second.isSet = true

        await root.transitionLayout(animated: true, measureAsync: false)
        let context = try #require(root.contexts.withLock { $0.first })
        #expect(root.subnodes.map(\.id) == ["b", "a"], "inserted (at 0) before the animation, not yet removed")
        #expect(context.isAnimated)
        #expect(context.insertedSubnodes.map(\.id) == ["b"])
        #expect(context.removedSubnodes.map(\.id) == ["a"])
        #expect(context.fromSubnodes.map(\.id) == ["a"] && context.toSubnodes.map(\.id) == ["b"])
        #expect(context.initialFrame(for: a) == Rect(0, 0, 100, 100) && context.finalFrame(for: a) == nil)

        context.completeTransition(true)
        context.completeTransition(true)
        #expect(root.subnodes.map(\.id) == ["b"])
    }

    /// Runs another transition while the first one's measurement is in flight.
    struct NestingExecutor: LayoutMeasurementExecutor {
        let meanwhile: @Sendable () async -> Void

        func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
            let result = work()
            await meanwhile()
            return result
        }
    }

    @Test func aNewerTransitionSupersedesAnInFlightOne() async {
        let s = Switcher()
        s.root.resetCounts()
        let log = Mutex<[String]>([])
        s.root.measurementExecutor = NestingExecutor { [s] in
            await s.root.transitionLayout(animated: false, measureAsync: false) {
                log.withLock { $0.append("newer completed") }
            }
        }
        await s.root.transitionLayout(animated: false, measureAsync: true) {
            log.withLock { $0.append("older completed") }
        }
        #expect(log.withLock { $0 } == ["newer completed"])
        #expect(s.root.count("animateLayoutTransition") == 1)
        #expect(s.root.calculations.count == 2, "both measured; only the newer applied")
        #expect(s.root.subnodes.map(\.id) == ["c", "b"])
        #expect(!s.root.isInLayoutTransition)
    }

    @Test func cancelledTransitionIsNotApplied() async {
        let s = Switcher()
        s.root.resetCounts()
        s.root.measurementExecutor = RecordingMeasurementExecutor { [s] in s.root.cancelLayoutTransition() }
        var completed = false
        await s.root.transitionLayout(animated: false, measureAsync: true) { completed = true }
        #expect(!completed)
        #expect(s.root.events.isEmpty)
        #expect(s.root.subnodes.map(\.id) == ["a", "b"])
        #expect([s.a, s.b].allSatisfy { $0.supernode === s.root })
    }

    @Test func rangesWithoutAreaAreIgnored() async {
        let s = Switcher()
        let version = s.root.layoutVersion
        await s.root.transitionLayout(to: SizeRange(min: .zero, max: Size(0, 100)), animated: false, measureAsync: false)
        #expect(s.root.layoutVersion == version)
        #expect(s.root.subnodes.map(\.id) == ["a", "b"])
    }

    @Test func descendantsWaitingForATransitionSkipTheirOwnLayoutPass() async throws {
        let root = LayoutTestNode(id: "root"), child = LayoutTestNode(id: "child")
        root.automaticallyManagesSubnodes = true
        root.layoutSpecBlock = { _, _ in StackLayoutSpec.vertical(alignItems: .start, children: [child]) }
        child.testSize = Size(10, 10)
        root.frame = Rect(0, 0, 50, 50)
        root.layoutIfNeeded()
        child.resetCounts()
        child.setNeedsLayout()
        root.measurementExecutor = RecordingMeasurementExecutor { [child] in
            #expect(child.calculations.count == 1, "measured inside the transition")
            child.layoutIfNeeded()
            #expect(child.calculations.count == 1, "its own layout pass waits for the transition")
        }
        await root.transitionLayout(animated: false, measureAsync: true)
        #expect(child.calculations.count == 1)
        #expect(child.calculations.allSatisfy { $0.offMain })
    }
}
