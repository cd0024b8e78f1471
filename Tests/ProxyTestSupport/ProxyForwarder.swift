import NIOCore

/// One direction of a ``FreezableProxy`` connection: what its channel reads is written to `peer`
/// at once, until the proxy is frozen; from then on it forwards nothing and reads no more (its
/// socket stays open, the kernel keeps what arrives). When its channel closes unfrozen, so does
/// the peer. On the client's side it freezes the proxy after forwarding a chunk that holds the
/// proxy's trigger (``FreezableProxy/freeze(afterClientSends:)``).
final class ProxyForwarder: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let peer: any Channel
    private let connections: ProxyConnections
    /// Whether this direction carries the client's bytes (to the server).
    private let fromClient: Bool

    init(peer: any Channel, connections: ProxyConnections, fromClient: Bool) {
        self.peer = peer
        self.connections = connections
        self.fromClient = fromClient
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !connections.isFrozen else {
            context.channel.setOption(ChannelOptions.autoRead, value: false).whenComplete { _ in }
            return
        }
        let bytes = Self.unwrapInboundIn(data)
        // (a trigger split across two reads is missed: the tests' are within one message)
        let trigger = fromClient ? connections.freezeAfter : nil
        peer.writeAndFlush(bytes, promise: nil)
        if let trigger, Self.contains(bytes.readableBytesView, trigger) { connections.freeze() }
    }

    private static func contains(_ bytes: ByteBufferView, _ pattern: [UInt8]) -> Bool {
        guard !pattern.isEmpty, bytes.count >= pattern.count else { return false }
        let bytes = Array(bytes)
        return (0 ... bytes.count - pattern.count).contains { start in
            bytes[start ..< start + pattern.count].elementsEqual(pattern)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        if !connections.isFrozen { peer.close(promise: nil) }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
