import Synchronization
import NodeKit

/// A shared, ordered log of interface-state callbacks from many nodes, as text such as
/// `"c1 enterPreload"` or `"c1 change measureLayout|preload <- measureLayout"`.
///
/// `@unchecked Sendable`: the only mutable state is the Mutex-protected log.
public final class InterfaceStateLog: @unchecked Sendable {
    private let entries = Mutex<[String]>([])
    /// Keeps the recorders alive: nodes hold their delegates weakly.
    private var recorders: [InterfaceStateRecorder] = []

    /// Starts logging the callbacks of `nodes`, each under its id.
    public init(observing nodes: [DisplayNode]) {
        recorders = nodes.map { node in
            let recorder = InterfaceStateRecorder(prefix: node.id.rawValue, log: self)
            node.addInterfaceStateDelegate(recorder)
            return recorder
        }
    }

    func append(_ entry: String) { entries.withLock { $0.append(entry) } }

    /// Returns the entries so far and forgets them.
    public func drain() -> [String] {
        entries.withLock { log in
            defer { log = [] }
            return log
        }
    }
}

/// The delegate an ``InterfaceStateLog`` attaches to each node.
final class InterfaceStateRecorder: InterfaceStateDelegate, @unchecked Sendable {
    // @unchecked: immutable after init; the log it writes to is locked.
    private let prefix: String
    private weak var log: InterfaceStateLog?

    init(prefix: String, log: InterfaceStateLog) {
        self.prefix = prefix
        self.log = log
    }

    private func record(_ event: String) { log?.append("\(prefix) \(event)") }

    func didEnterPreloadState() { record("enterPreload") }
    func didExitPreloadState() { record("exitPreload") }
    func didEnterDisplayState() { record("enterDisplay") }
    func didExitDisplayState() { record("exitDisplay") }
    func didEnterVisibleState() { record("enterVisible") }
    func didExitVisibleState() { record("exitVisible") }
    func interfaceStateDidChange(_ newState: InterfaceState, from oldState: InterfaceState) {
        record("change \(newState) <- \(oldState)")
    }
}
