import NIOCore
import NIOHTTP1

/// Sends one request, its head and its end, when the connection opens; the response goes on to
/// the handler after it (the test clients' readers).
final class RequestSender: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundOut = HTTPClientRequestPart

    private let request: HTTPRequestHead

    init(request: HTTPRequestHead) {
        self.request = request
    }

    func channelActive(context: ChannelHandlerContext) {
        context.write(wrapOutboundOut(.head(request)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        context.fireChannelActive()
    }
}
