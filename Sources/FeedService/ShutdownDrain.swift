import Hummingbird
import Locking
import NIOCore
import NIOHTTPTypes
import ServiceLifecycle

/// What SIGTERM does before the server stops accepting: it keeps accepting and answers every
/// request 503 (a problem document, `Retry-After: 1`, `Connection: close`, the connection closed
/// after the answer) until every connection is closed and none has come nor any request arrived
/// for ``quietPeriod``, ``longest`` at most (a client that keeps an idle connection open holds
/// the drain that long); only then does the server close its listening socket and finish the
/// requests in flight (Hummingbird's graceful shutdown).
///
/// Closing the socket at once, as Hummingbird does, resets the connections still in its listen
/// backlog, and closes the accepted ones whose request was not read yet without an answer: a
/// burst under way loses them. Drained first, each gets an answer a client can act on.
///
/// The server runs ``Service`` after the application in its `ServiceGroup`, which stops
/// services in reverse order, waiting for each: the drain runs before the server's own shutdown.
///
/// ```swift
/// let drain = ShutdownDrain(clock: ContinuousClock())
/// ServiceGroup(services: [application, ShutdownDrain.Service(drain: drain)], …)
/// ```
final class ShutdownDrain: Sendable {
    /// How long the server waits for the next connection or request before it stops accepting.
    let quietPeriod: Duration
    /// The longest drain, however busy the server stays.
    let longest: Duration
    let clock: any Clock<Duration>
    /// Whether SIGTERM came, the connections and requests seen since the server started, and
    /// the connections open.
    private let state = Locked<(draining: Bool, activity: Int, open: Int)>((false, 0, 0))

    init(quietPeriod: Duration = .milliseconds(100), longest: Duration = .seconds(5),
         clock: any Clock<Duration> = ContinuousClock()) {
        self.quietPeriod = quietPeriod
        self.longest = longest
        self.clock = clock
    }

    var isDraining: Bool { state.withLock { $0.draining } }

    /// A request arrived.
    func noteActivity() {
        state.withLock { $0.activity += 1 }
    }

    /// A connection was accepted (`opened`), or closed.
    func noteConnection(opened: Bool) {
        state.withLock { state in
            state.open += opened ? 1 : -1
            if opened { state.activity += 1 }
        }
    }

    /// Starts answering 503, and returns once every connection is closed and a quiet period
    /// passed without a new one or a request (or after the longest drain).
    func drain() async {
        state.withLock { $0.draining = true }
        var waited = Duration.zero
        while waited < longest {
            let before = state.withLock { $0.activity }
            try? await clock.sleep(for: quietPeriod)
            waited += quietPeriod
            if state.withLock({ $0.activity == before && $0.open == 0 }) { return }
        }
    }

    /// Waits for SIGTERM (the group's graceful shutdown), then drains.
    struct Service: ServiceLifecycle.Service {
        let drain: ShutdownDrain

        func run() async throws {
            try? await gracefulShutdown()
            await drain.drain()
        }
    }

    /// Answers 503 while the server drains.
    struct Middleware<Context: RequestContext>: RouterMiddleware {
        let drain: ShutdownDrain

        func handle(_ request: Request, context: Context,
                    next: (Request, Context) async throws -> Response) async throws -> Response {
            guard drain.isDraining else { return try await next(request, context) }
            drain.noteActivity()
            var response = ProblemDocument.busy("the server is shutting down; try again shortly").response
            response.headers[.connection] = "close"
            return response
        }
    }

    /// One connection's part: notes its arrival and its end, and while the server drains closes
    /// it once a response is written (a client keeping it open would hold a connection the
    /// backlog needs).
    final class ConnectionHandler: ChannelOutboundHandler, RemovableChannelHandler {
        typealias OutboundIn = HTTPResponsePart
        typealias OutboundOut = HTTPResponsePart

        let drain: ShutdownDrain

        init(drain: ShutdownDrain) {
            self.drain = drain
        }

        func handlerAdded(context: ChannelHandlerContext) {
            drain.noteConnection(opened: true)
        }

        func handlerRemoved(context: ChannelHandlerContext) {
            drain.noteConnection(opened: false)
        }

        func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
            context.write(data, promise: promise)
            if case .end = unwrapOutboundIn(data), drain.isDraining {
                context.flush()
                context.close(mode: .output, promise: nil)
            }
        }
    }
}
