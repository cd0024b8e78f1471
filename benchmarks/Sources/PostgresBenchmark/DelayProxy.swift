import NIOCore
import NIOPosix

/// A TCP proxy on 127.0.0.1 that adds latency: every connection accepted on ``port`` opens one to
/// `upstreamHost`:`upstreamPort` on the same event loop, and each chunk read on either side is written to the
/// other `oneWayDelay` after it arrived, in the order read (``DelayedForwarder``). Twice the delay
/// is the round trip it adds. Its own event loops (two, the machine's cores), no copies beyond
/// NIO's reads; it never applies backpressure (a benchmark's database traffic is small).
final class DelayProxy {
    let port: Int
    private let group: MultiThreadedEventLoopGroup
    private let server: any Channel

    init(upstreamHost: String, upstreamPort: Int, oneWayDelay: TimeAmount) throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 2)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
            // Nothing is read from the client before its upstream connection is there.
            .childChannelOption(ChannelOptions.autoRead, value: false)
            .childChannelInitializer { inbound in
                ClientBootstrap(group: inbound.eventLoop)
                    .channelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
                    .connect(host: upstreamHost, port: upstreamPort)
                    .flatMap { outbound in
                        do {
                            try inbound.pipeline.syncOperations.addHandler(
                                DelayedForwarder(peer: outbound, delay: oneWayDelay))
                            try outbound.pipeline.syncOperations.addHandler(
                                DelayedForwarder(peer: inbound, delay: oneWayDelay))
                        } catch {
                            return inbound.eventLoop.makeFailedFuture(error)
                        }
                        return inbound.setOption(ChannelOptions.autoRead, value: true)
                    }
            }
        self.group = group
        server = try bootstrap.bind(host: "127.0.0.1", port: 0).wait()
        port = server.localAddress?.port ?? 0
    }

    func stop() {
        try? server.close().wait()
        try? group.syncShutdownGracefully()
    }
}

/// One direction of a ``DelayProxy`` connection: what its channel reads is written to `peer`
/// `delay` later, in order. A queue of (deadline, bytes) and at most one timer, armed for the
/// head's deadline: on firing it writes every chunk that is due and flushes once. When its
/// channel closes, the peer is closed once the queue has drained.
final class DelayedForwarder: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let peer: any Channel
    private let delay: TimeAmount
    private var queue = CircularBuffer<(deadline: NIODeadline, bytes: ByteBuffer)>()
    private var timerArmed = false
    private var closing = false

    init(peer: any Channel, delay: TimeAmount) {
        self.peer = peer
        self.delay = delay
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        queue.append((.now() + delay, Self.unwrapInboundIn(data)))
        arm(context.eventLoop)
    }

    func channelInactive(context: ChannelHandlerContext) {
        closing = true
        if queue.isEmpty { peer.close(promise: nil) }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    private func arm(_ loop: any EventLoop) {
        guard !timerArmed, let head = queue.first else { return }
        timerArmed = true
        loop.assumeIsolated().scheduleTask(deadline: head.deadline) { self.release(loop) }
    }

    private func release(_ loop: any EventLoop) {
        timerArmed = false
        let now = NIODeadline.now()
        var wrote = false
        while let head = queue.first, head.deadline <= now {
            queue.removeFirst()
            peer.write(head.bytes, promise: nil)
            wrote = true
        }
        if wrote { peer.flush() }
        if closing && queue.isEmpty {
            peer.close(promise: nil)
        } else {
            arm(loop)
        }
    }
}
