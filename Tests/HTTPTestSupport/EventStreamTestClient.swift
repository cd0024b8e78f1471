import LayoutTestSupport
import NIOCore
import NIOHTTP1
import NIOPosix

/// A client of a Server-Sent Events stream for tests, on SwiftNIO: the response's status and
/// headers, then its events as they arrive, and an end within a time limit.
///
/// The stream of ``events`` finishes when the server ends the response, when the connection
/// fails (with its error), when ``close()`` is called, or, at the latest, after ``timeout`` (with
/// ``HTTPTestClient/Timeout``), so a test that waits for an event never hangs.
///
/// ```swift
/// let stream = try await EventStreamTestClient.open(port: port, path: "/v1/changes?width=375")
/// for try await event in stream.events where event.event == "cell" { … }
/// stream.close()
/// ```
package final class EventStreamTestClient: Sendable {
    /// One event (or comment) of the stream, its fields as sent.
    package struct Event: Hashable, Sendable {
        package var id: String?
        package var event: String?
        package var data: String?
        package var retry: String?
        /// The text of a comment block (`: …`), without the colon and its space.
        package var comment: String?

        package init(id: String? = nil, event: String? = nil, data: String? = nil, retry: String? = nil,
                     comment: String? = nil) {
            self.id = id
            self.event = event
            self.data = data
            self.retry = retry
            self.comment = comment
        }
    }

    package let status: Int
    package let headers: HTTPHeaders
    package let events: AsyncThrowingStream<Event, any Error>
    private let channel: any Channel

    private init(status: Int, headers: HTTPHeaders, events: AsyncThrowingStream<Event, any Error>,
                 channel: any Channel) {
        self.status = status
        self.headers = headers
        self.events = events
        self.channel = channel
    }

    /// Sends `GET path` with `headers` and returns once the response's head has arrived.
    package static func open(host: String = "127.0.0.1", port: Int, path: String, headers: [(String, String)] = [],
                             timeout: Duration = TestTimeScale.scaled(.seconds(60)))
        async throws -> EventStreamTestClient {
        var request = HTTPRequestHead(version: .http1_1, method: .GET, uri: path)
        request.headers.add(name: "Host", value: "\(host):\(port)")
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        let (events, continuation) = AsyncThrowingStream.makeStream(of: Event.self)
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let head = loop.makePromise(of: HTTPResponseHead.self)
        let channel: any Channel
        do {
            channel = try await ClientBootstrap(group: loop)
                .connectTimeout(TimeAmount(timeout))
                .channelInitializer { [request] channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHTTPClientHandlers()
                        try channel.pipeline.syncOperations.addHandler(RequestSender(request: request))
                        try channel.pipeline.syncOperations.addHandler(EventStreamReader(head: head, events: continuation))
                    }
                }
                .connect(host: host, port: port).get()
        } catch {
            // A connection that never opened completes nothing: an uncompleted promise is a
            // leak, which a debug build of SwiftNIO makes a crash of the whole test run.
            head.fail(error)
            continuation.finish(throwing: error)
            throw error
        }
        let limit = loop.scheduleTask(in: TimeAmount(timeout)) {
            let timedOut = HTTPTestClient.Timeout(host: host, port: port, path: path, limit: timeout)
            head.fail(timedOut)
            continuation.finish(throwing: timedOut)
            channel.close(promise: nil)
        }
        channel.closeFuture.whenComplete { _ in limit.cancel() }
        do {
            let response = try await head.futureResult.get()
            return EventStreamTestClient(status: Int(response.status.code), headers: response.headers, events: events,
                                         channel: channel)
        } catch {
            channel.close(promise: nil)
            throw error
        }
    }

    /// Closes the connection: the server sees the client go.
    package func close() {
        channel.close(promise: nil)
    }
}

/// Completes the head and parses the body into events (after ``RequestSender``).
private final class EventStreamReader: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart

    private let head: EventLoopPromise<HTTPResponseHead>
    private let events: AsyncThrowingStream<EventStreamTestClient.Event, any Error>.Continuation
    private var pending: [UInt8] = []

    init(head: EventLoopPromise<HTTPResponseHead>,
         events: AsyncThrowingStream<EventStreamTestClient.Event, any Error>.Continuation) {
        self.head = head
        self.events = events
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let response):
            head.succeed(response)
        case .body(let part):
            pending.append(contentsOf: part.readableBytesView)
            yieldWholeBlocks()
        case .end:
            events.finish()
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        head.fail(HTTPTestClient.ConnectionClosed())
        events.finish()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        head.fail(error)
        events.finish(throwing: error)
        context.close(promise: nil)
    }

    /// Yields each block that a blank line has ended.
    private func yieldWholeBlocks() {
        while let end = pending.indices.dropLast().first(where: { pending[$0] == 10 && pending[$0 + 1] == 10 }) {
            let block = String(decoding: pending[..<end], as: UTF8.self)
            pending.removeSubrange(...(end + 1))
            var event = EventStreamTestClient.Event()
            for line in block.split(separator: "\n") {
                if line.hasPrefix(":") {
                    event.comment = String(line.dropFirst().drop { $0 == " " })
                    continue
                }
                let name = line.prefix { $0 != ":" }
                var value = line.dropFirst(name.count + 1)
                if value.hasPrefix(" ") { value = value.dropFirst() }
                switch name {
                case "id": event.id = String(value)
                case "event": event.event = String(value)
                case "data": event.data = (event.data.map { $0 + "\n" } ?? "") + value
                case "retry": event.retry = String(value)
                default: break
                }
            }
            events.yield(event)
        }
    }
}
