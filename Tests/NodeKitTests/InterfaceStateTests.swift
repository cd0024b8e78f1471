import Testing
import Synchronization
import LayoutCore
import NodeKit
import NodeTestSupport

/// A node subclass that logs its own hooks, to check the hook-before-delegate order.
private final class HookNode: DisplayNode, @unchecked Sendable {
    // @unchecked: the log is a Mutex.
    let hooks = Mutex<[String]>([])
    override func didEnterPreloadState() { hooks.withLock { $0.append("hook enterPreload") } }
    override func didExitPreloadState() { hooks.withLock { $0.append("hook exitPreload") } }
    override func didEnterVisibleState() { hooks.withLock { $0.append("hook enterVisible") } }
    override func interfaceStateDidChange(_ newState: InterfaceState, from oldState: InterfaceState) {
        hooks.withLock { $0.append("hook change") }
    }
}

@Suite struct InterfaceStateTests {
    @Test func rawValuesMatchTexture() {
        #expect(InterfaceState.measureLayout.rawValue == 1)
        #expect(InterfaceState.preload.rawValue == 2)
        #expect(InterfaceState.display.rawValue == 4)
        #expect(InterfaceState.visible.rawValue == 8)
        #expect(InterfaceState.inHierarchy.rawValue == 15)
        #expect(InterfaceState([]).description == "none")
    }

    @Test func enteringEverythingFiresPreloadDisplayVisibleThenChange() {
        let node = DisplayNode(id: "n")
        let log = InterfaceStateLog(observing: [node])
        node.setInterfaceState(.inHierarchy)
        #expect(log.drain() == [
            "n enterPreload", "n enterDisplay", "n enterVisible",
            "n change measureLayout|preload|display|visible <- none",
        ])
    }

    @Test func exitingEverythingFiresInTheSameOrderForRangeManagedNodes() {
        let node = DisplayNode(id: "n")
        node.isRangeManaged = true
        node.setInterfaceState(.inHierarchy)
        let log = InterfaceStateLog(observing: [node])
        node.setInterfaceState(.measureLayout)
        #expect(log.drain() == [
            "n exitPreload", "n exitDisplay", "n exitVisible",
            "n change measureLayout <- measureLayout|preload|display|visible",
        ])
        #expect(node.isDisplaySuspended)
    }

    @Test func exitPreloadIsOnlyReportedForRangeManagedNodes() {
        let node = DisplayNode(id: "n")
        node.setInterfaceState([.measureLayout, .preload])
        let log = InterfaceStateLog(observing: [node])
        node.setInterfaceState(.measureLayout)
        #expect(log.drain() == ["n change measureLayout <- measureLayout|preload"])
        #expect(!node.isDisplaySuspended)
    }

    @Test func settingTheSameStateFiresNothing() {
        let node = DisplayNode(id: "n")
        node.setInterfaceState(.inHierarchy)
        let log = InterfaceStateLog(observing: [node])
        node.setInterfaceState(.inHierarchy)
        #expect(log.drain().isEmpty)
    }

    @Test func theNodesHookRunsBeforeItsDelegates() {
        let node = HookNode(id: "h")
        node.isRangeManaged = true
        final class Delegate: InterfaceStateDelegate, @unchecked Sendable {
            // @unchecked: reads the node's Mutex-protected hook log only.
            let node: HookNode
            init(node: HookNode) { self.node = node }
            func didEnterPreloadState() { node.hooks.withLock { $0.append("delegate enterPreload") } }
            func didExitPreloadState() { node.hooks.withLock { $0.append("delegate exitPreload") } }
        }
        let delegate = Delegate(node: node)
        node.addInterfaceStateDelegate(delegate)
        node.setInterfaceState([.measureLayout, .preload, .visible, .display])
        node.setInterfaceState(.measureLayout)
        #expect(node.hooks.withLock { $0 } == [
            "hook enterPreload", "delegate enterPreload", "hook enterVisible", "hook change",
            "hook exitPreload", "delegate exitPreload", "hook change",
        ])
    }

    @Test func removedDelegatesHearNothing() {
        final class Counter: InterfaceStateDelegate, @unchecked Sendable {
            // @unchecked: the count is a Mutex.
            let count = Mutex(0)
            func interfaceStateDidChange(_ newState: InterfaceState, from oldState: InterfaceState) {
                count.withLock { $0 += 1 }
            }
        }
        let node = DisplayNode(id: "n")
        let kept = Counter()
        let removed = Counter()
        node.addInterfaceStateDelegate(kept)
        node.addInterfaceStateDelegate(removed)
        node.removeInterfaceStateDelegate(removed)
        node.setInterfaceState(.measureLayout)
        #expect(kept.count.withLock { $0 } == 1)
        #expect(removed.count.withLock { $0 } == 0)
    }

    @Test func enterAndExitInterfaceStateKeepOtherBits() {
        let node = DisplayNode(id: "n")
        node.setInterfaceState([.measureLayout, .preload])
        node.enterInterfaceState(.visible)
        #expect(node.interfaceState == [.measureLayout, .preload, .visible])
        node.exitInterfaceState(.preload)
        #expect(node.interfaceState == [.measureLayout, .visible])
    }

    @Test func unmanagedNodesFollowWindowMembership() {
        let node = DisplayNode(id: "n")
        node.willEnterHierarchy()
        #expect(node.interfaceState == .inHierarchy)
        node.didExitHierarchy()
        #expect(node.interfaceState == [])
    }

    @Test func managedNodesLoseOnlyVisibleOneRunLoopLaterUnlessTheyReturned() {
        let node = DisplayNode(id: "n")
        node.isRangeManaged = true
        node.setInterfaceState(.inHierarchy)
        let deferred = Mutex<[@Sendable () -> Void]>([])
        let schedule: (@escaping @Sendable () -> Void) -> Void = { work in deferred.withLock { $0.append(work) } }

        node.didExitHierarchy(schedule: schedule)
        #expect(node.interfaceState == .inHierarchy)   // nothing happens before the run loop turns
        deferred.withLock { $0.removeFirst() }()
        #expect(node.interfaceState == [.measureLayout, .preload, .display])

        node.setInterfaceState(.inHierarchy)
        node.didExitHierarchy(schedule: schedule)
        node.willEnterHierarchy()                       // re-entered before the deferred work ran
        deferred.withLock { $0.removeFirst() }()
        #expect(node.interfaceState == .inHierarchy)
    }

    @Test func setNeedsPreloadRerunsTheHookOnlyInPreload() {
        let node = HookNode(id: "h")
        node.setNeedsPreload()
        #expect(node.hooks.withLock { $0 }.isEmpty)
        node.setInterfaceState([.measureLayout, .preload])
        node.setNeedsPreload()
        #expect(node.hooks.withLock { $0 } == ["hook enterPreload", "hook change", "hook enterPreload"])
    }
}

@Suite struct InterfaceStateSubtreeTests {
    @Test func recursiveStatesReachTheSubtreePreOrder() throws {
        let cell = DisplayNode(id: "cell")
        let child = DisplayNode(id: "child")
        let grandchild = DisplayNode(id: "grandchild")
        let sibling = DisplayNode(id: "sibling")
        try cell.addSubnode(child)
        try child.addSubnode(grandchild)
        try cell.addSubnode(sibling)
        cell.isRangeManaged = true
        #expect(grandchild.isRangeManaged)
        let log = InterfaceStateLog(observing: [cell, child, grandchild, sibling])
        cell.recursivelySetInterfaceState([.measureLayout, .preload])
        #expect(log.drain() == [
            "cell enterPreload", "cell change measureLayout|preload <- none",
            "child enterPreload", "child change measureLayout|preload <- none",
            "grandchild enterPreload", "grandchild change measureLayout|preload <- none",
            "sibling enterPreload", "sibling change measureLayout|preload <- none",
        ])
        cell.recursivelySetInterfaceState(.measureLayout)
        #expect(log.drain().filter { $0.hasSuffix("exitPreload") }
            == ["cell exitPreload", "child exitPreload", "grandchild exitPreload", "sibling exitPreload"])
    }

    @Test func aNewSubnodeInheritsItsSupernodesState() throws {
        let cell = DisplayNode(id: "cell")
        cell.isRangeManaged = true
        cell.setInterfaceState(.inHierarchy)
        let late = DisplayNode(id: "late")
        try cell.addSubnode(late)
        #expect(late.interfaceState == .inHierarchy)
        #expect(late.isRangeManaged)
    }
}
