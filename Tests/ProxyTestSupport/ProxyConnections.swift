import NIOCore
import Synchronization

/// The state a ``FreezableProxy`` shares across its connections: whether it forwards, is frozen
/// or resets new connections, and every channel it opened, to freeze and to close them.
final class ProxyConnections: Sendable {
    enum Admission {
        case forward, hold, reset
    }

    private struct State {
        var admission = Admission.forward
        var channels: [any Channel] = []
        var accepted = 0
        var freezeAfter: [UInt8]?
    }

    private let state = Mutex(State())

    var accepted: Int { state.withLock { $0.accepted } }
    var isFrozen: Bool { state.withLock { $0.admission == .hold } }

    /// Counts a new client connection, keeps it, and says what to do with it.
    func accept(_ channel: any Channel) -> Admission {
        state.withLock { state in
            state.accepted += 1
            state.channels.append(channel)
            return state.admission
        }
    }

    func add(_ channel: any Channel) {
        state.withLock { $0.channels.append(channel) }
    }

    /// Stops every channel reading (what the kernel has received stays there) and holds new ones.
    func freeze() {
        let channels = state.withLock { state in
            state.admission = .hold
            return state.channels
        }
        for channel in channels { channel.setOption(ChannelOptions.autoRead, value: false).whenComplete { _ in } }
    }

    /// The bytes that freeze the proxy once a client has sent them (forwarded, they are the last).
    var freezeAfter: [UInt8]? {
        get { state.withLock { $0.freezeAfter } }
        set { state.withLock { $0.freezeAfter = newValue } }
    }

    func resetNew() {
        state.withLock { $0.admission = .reset }
    }

    func closeAll() {
        for channel in state.withLock({ $0.channels }) { channel.close(promise: nil) }
    }
}
