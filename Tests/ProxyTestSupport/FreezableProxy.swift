import Glibc
import NIOCore
import NIOPosix
import Synchronization

/// A TCP proxy on 127.0.0.1 in front of a server (PostgreSQL), which a test can **freeze**: from
/// then on nothing is forwarded in either direction and no socket is closed, as when a worker's
/// host is suspended or the network between it and the server is partitioned. Both ends keep
/// their connections and hear nothing. A connection accepted while frozen is held the same way
/// (a peer that accepts and never answers); one accepted while ``resetNewConnections()`` is on
/// is closed at once with a reset.
///
/// Every connection accepted on ``port`` opens one to the upstream on the same event loop, and
/// each chunk read on either side is written to the other (``ProxyForwarder``). One event loop
/// thread of its own; ``stop()`` closes everything.
///
/// ```swift
/// let proxy = try FreezableProxy(upstreamHost: "127.0.0.1", upstreamPort: 5432)
/// defer { proxy.stop() }
/// // connect to 127.0.0.1:\(proxy.port) …
/// proxy.freeze()
/// ```
public final class FreezableProxy: Sendable {
    public let port: Int
    private let group: MultiThreadedEventLoopGroup
    private let server: any Channel
    private let connections: ProxyConnections
    private let stopped = Mutex(false)

    public init(upstreamHost: String, upstreamPort: Int) throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let connections = ProxyConnections()
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
            // Nothing is read from the client before its upstream connection is there.
            .childChannelOption(ChannelOptions.autoRead, value: false)
            .childChannelInitializer { inbound in
                switch connections.accept(inbound) {
                case .hold:
                    return inbound.eventLoop.makeSucceededVoidFuture()
                case .reset:
                    guard let socket = inbound as? any SocketOptionProvider else { return inbound.close() }
                    return socket.setSoLinger(linger(l_onoff: 1, l_linger: 0)).flatMap { inbound.close() }
                case .forward:
                    return Self.connect(inbound, to: upstreamHost, port: upstreamPort, connections: connections)
                }
            }
        self.group = group
        self.connections = connections
        server = try bootstrap.bind(host: "127.0.0.1", port: 0).wait()
        port = server.localAddress?.port ?? 0
    }

    private static func connect(_ inbound: any Channel, to host: String, port: Int,
                                connections: ProxyConnections) -> EventLoopFuture<Void> {
        ClientBootstrap(group: inbound.eventLoop)
            .channelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
            .connect(host: host, port: port)
            .flatMap { outbound in
                connections.add(outbound)
                do {
                    try inbound.pipeline.syncOperations.addHandler(ProxyForwarder(peer: outbound, connections: connections, fromClient: true))
                    try outbound.pipeline.syncOperations.addHandler(ProxyForwarder(peer: inbound, connections: connections, fromClient: false))
                } catch {
                    return inbound.eventLoop.makeFailedFuture(error)
                }
                return inbound.setOption(ChannelOptions.autoRead, value: true)
            }
    }

    /// How many connections the proxy has accepted.
    public var accepted: Int { connections.accepted }

    /// Stops forwarding, for good: every connection, open or accepted from now on, stays open and
    /// silent in both directions.
    public func freeze() {
        connections.freeze()
    }

    /// Freezes the proxy (``freeze()``) as soon as a client has sent `text`, once the chunk that
    /// holds it has been forwarded: the server runs that statement, and its answer never comes
    /// back. Freezing a worker between the statements of a transaction leaves its session idle in
    /// that transaction, holding the rows it locked.
    public func freeze(afterClientSends text: String) {
        connections.freezeAfter = Array(text.utf8)
    }

    /// Whether the proxy is frozen (by ``freeze()`` or its trigger).
    public var isFrozen: Bool { connections.isFrozen }

    /// Closes every connection accepted from now on with a reset (`SO_LINGER` 0), as a server
    /// host whose port is closed by a firewall's reject rule, or a crashing server, does.
    public func resetNewConnections() {
        connections.resetNew()
    }

    /// Closes the proxy's port and every connection, and ends its thread (once: later calls do
    /// nothing).
    public func stop() {
        guard !stopped.withLock({ stopped in defer { stopped = true }; return stopped }) else { return }
        try? server.close().wait()
        connections.closeAll()
        try? group.syncShutdownGracefully()
    }
}
