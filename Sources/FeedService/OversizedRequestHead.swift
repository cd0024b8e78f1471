import HummingbirdCore
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Answers a request whose head is more than the server reads (``limit`` bytes for the request
/// line and header fields together, at most ``fieldLimit`` fields) with a problem document: 414
/// when the request line alone overflowed (a URL of a megabyte), else 431; then the connection
/// ends. Hummingbird's own answer is a bare 400.
///
/// NIO's HTTP decoder fails both cases with one error (`HTTPParserError.headerOverflow`), so a
/// watcher before the decoder notes whether the request line of the request being read has
/// ended (a newline since the request began), and a responder after the HTTP codec catches the
/// error and has the watcher write the answer as bytes, which no HTTP handler on the way could
/// encode once the decoder has failed. The server then reads and drops what the client still
/// sends, and closes its side once the answer is written: closing with unread bytes would reset
/// the connection, and the client could lose the answer.
///
/// ```swift
/// HTTP1Channel.Configuration(additionalChannelHandlers: OversizedRequestHead.handlers(),
///                            httpDecoderConfiguration: OversizedRequestHead.decoderLimits)
/// ```
enum OversizedRequestHead {
    /// The most bytes of a request line and header fields together (Hummingbird's default).
    static let limit = 80 * 1024
    /// The most header fields of one request.
    static let fieldLimit = 1_000

    static let decoderLimits = HTTP1Channel.Configuration.DecoderConfiguration(
        maxHeaderFieldSize: limit, maxHeaderListSize: limit, maxHeaderFieldCount: fieldLimit)

    /// One connection's handlers: the responder, which puts the watcher first in the pipeline.
    static func handlers() -> [any RemovableChannelHandler] {
        [Responder()]
    }

    /// What the two handlers of one connection share, on its event loop.
    final class State {
        /// Whether the request being read is still in its request line.
        var inRequestLine = true
        /// Whether the answer was written: the connection reads nothing more.
        var answered = false
    }

    /// First in the pipeline: watches the bytes for the end of each request line, writes the
    /// answer, and drops what comes after it.
    final class Watcher: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = ByteBuffer
        typealias InboundOut = ByteBuffer
        typealias OutboundOut = ByteBuffer

        let state: State

        init(state: State) {
            self.state = state
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard !state.answered else { return }
            if state.inRequestLine, unwrapInboundIn(data).readableBytesView.contains(UInt8(ascii: "\n")) {
                state.inRequestLine = false
            }
            context.fireChannelRead(data)
        }

        /// Writes `problem` as a whole HTTP/1.1 response and closes the output once it is sent.
        func answer(_ problem: ProblemDocument, context: ChannelHandlerContext) {
            guard !state.answered else { return }
            state.answered = true
            let body = problem.json
            let head = "HTTP/1.1 \(problem.status) \(problem.title)\r\nContent-Type: application/problem+json\r\n"
                + "Cache-Control: no-store\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n"
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: head + body)), promise: nil)
            context.close(mode: .output, promise: nil)
        }
    }

    /// After the HTTP codec: marks where each request begins, and answers the decoder's overflow.
    final class Responder: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = HTTPRequestPart
        typealias InboundOut = HTTPRequestPart

        private let state = State()
        private let watcher: Watcher
        private var watcherContext: ChannelHandlerContext?

        init() {
            watcher = Watcher(state: state)
        }

        func handlerAdded(context: ChannelHandlerContext) {
            try? context.pipeline.syncOperations.addHandler(watcher, position: .first)
            watcherContext = try? context.pipeline.syncOperations.context(handler: watcher)
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            if case .end = unwrapInboundIn(data) { state.inRequestLine = true }
            context.fireChannelRead(data)
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            guard case .headerOverflow? = error as? HTTPParserError, let watcherContext else {
                context.fireErrorCaught(error)
                return
            }
            let problem: ProblemDocument = state.inRequestLine
                ? .uriTooLong(limit: OversizedRequestHead.limit)
                : .headerFieldsTooLarge(limit: OversizedRequestHead.limit, fieldLimit: OversizedRequestHead.fieldLimit)
            watcher.answer(problem, context: watcherContext)
        }
    }
}
