import LayoutTestSupport
import NIOCore
import NIOHTTP1
import NIOPosix

/// An HTTP/1.1 client for tests, on SwiftNIO, whose every request ends within a time limit.
///
/// Tests that start a server the way a user does (a child process, or the service's whole
/// `run()` in-process) talk to it through this client rather than Foundation's URL session,
/// whose corelibs implementation can hang or crash a whole test run, and rather than
/// HummingbirdTesting's `TestClient`, whose timeout still waits for a response that never
/// comes. Each request opens its own connection (`Connection: close`), so a request never waits
/// behind another one, and a request that fails leaves nothing behind.
///
/// A request ends, one way or the other, within ``timeout``: with the response; with
/// ``Timeout`` (a server that accepts and says nothing); with the connection's error (refused,
/// reset, closed before a whole response); or with `CancellationError` when its task is
/// cancelled. In each case the connection is closed.
///
/// ```swift
/// let client = try HTTPTestClient(base: "http://127.0.0.1:8080")
/// let response = try await client.get("/v1/feed?width=375&limit=2")
/// #expect(response.status == 200)
/// ```
package struct HTTPTestClient: Sendable {
    package let host: String
    package let port: Int
    /// The longest a request may take, from connecting to the response's last byte.
    package let timeout: Duration

    package init(host: String = "127.0.0.1", port: Int, timeout: Duration = TestTimeScale.scaled(.seconds(30))) {
        self.host = host
        self.port = port
        self.timeout = timeout
    }

    /// A client of the server at `base`, written as a server prints it: `http://HOST:PORT`.
    package init(base: String, timeout: Duration = TestTimeScale.scaled(.seconds(30))) throws {
        let authority = base.hasPrefix("http://") ? base.dropFirst("http://".count) : ""
        guard let colon = authority.lastIndex(of: ":"), let port = Int(authority[colon...].dropFirst()),
              !authority[..<colon].isEmpty else { throw BadBase(base: base) }
        self.init(host: String(authority[..<colon]), port: port, timeout: timeout)
    }

    /// `GET path` with `headers` added.
    package func get(_ path: String, headers: [(String, String)] = []) async throws -> HTTPTestResponse {
        var head = HTTPRequestHead(version: .http1_1, method: .GET, uri: path)
        head.headers.add(name: "Host", value: "\(host):\(port)")
        head.headers.add(name: "Connection", value: "close")
        for (name, value) in headers { head.headers.add(name: name, value: value) }
        return try await send(head)
    }

    private func send(_ request: HTTPRequestHead) async throws -> HTTPTestResponse {
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let response = loop.makePromise(of: HTTPTestResponse.self)
        // The first of these completes the promise; the others find it completed and do nothing.
        let deadline = loop.scheduleTask(in: TimeAmount(timeout)) { [self] in
            response.fail(Timeout(host: host, port: port, path: request.uri, limit: timeout))
        }
        let connecting = ClientBootstrap(group: loop)
            .connectTimeout(TimeAmount(timeout))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(RequestSender(request: request))
                    try channel.pipeline.syncOperations.addHandler(Exchange(response: response))
                }
            }
            .connect(host: host, port: port)
        connecting.whenFailure { response.fail($0) }
        response.futureResult.whenComplete { _ in
            deadline.cancel()
            connecting.whenSuccess { $0.close(promise: nil) }
        }
        return try await withTaskCancellationHandler {
            try await response.futureResult.get()
        } onCancel: {
            response.fail(CancellationError())
        }
    }

    /// No whole response arrived within the client's time limit.
    package struct Timeout: Error, CustomStringConvertible {
        package var host: String
        package var port: Int
        package var path: String
        package var limit: Duration

        package var description: String { "no response from \(host):\(port) to GET \(path) within \(limit)" }
    }

    /// The connection ended before a whole response arrived.
    package struct ConnectionClosed: Error, CustomStringConvertible {
        package var description: String { "the server closed the connection before a whole response" }
    }

    /// A base URL that is not `http://HOST:PORT`.
    package struct BadBase: Error, CustomStringConvertible {
        package var base: String
        package var description: String { "not http://HOST:PORT: \(base)" }
    }
}

/// Completes `response` with what comes back (after ``RequestSender``).
private final class Exchange: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart

    private let response: EventLoopPromise<HTTPTestResponse>
    private var head: HTTPResponseHead?
    private var body: [UInt8] = []

    init(response: EventLoopPromise<HTTPTestResponse>) {
        self.response = response
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
        case .body(let part):
            body.append(contentsOf: part.readableBytesView)
        case .end:
            guard let head else { return response.fail(HTTPTestClient.ConnectionClosed()) }
            response.succeed(HTTPTestResponse(status: Int(head.status.code), headers: head.headers, body: body))
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        response.fail(HTTPTestClient.ConnectionClosed())
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        response.fail(error)
        context.close(promise: nil)
    }
}
