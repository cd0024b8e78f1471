import Foundation
import HTTPTestSupport
import HummingbirdTesting
import LayoutTestSupport
import NIOCore
import NIOPosix
import Testing

/// The tests' HTTP client ends every request: with the response from a real server, with its
/// timeout from a server that never answers, with an error from one that hangs up, and at once
/// when its task is cancelled. A request that could wait forever would hang the whole run.
@Suite(.timeLimit(minutes: 10)) struct HTTPTestClientTests {
    /// Runs `body` with the port of a loopback server whose connections get `handler`'s handlers.
    static func withServer(_ handler: @escaping @Sendable () -> (any ChannelHandler)?,
                           _ body: (Int) async throws -> Void) async throws {
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let handler = handler() { try channel.pipeline.syncOperations.addHandler(handler) }
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        let port = try #require(server.localAddress?.port)
        do {
            try await body(port)
        } catch {
            try? await server.close()
            throw error
        }
        try await server.close()
    }

    /// Closes each connection when the request arrives, without a word.
    final class HangUp: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        func channelRead(context: ChannelHandlerContext, data: NIOAny) { context.close(promise: nil) }
    }

    @Test func aRoundTripCarriesStatusHeadersAndBody() async throws {
        // Given the service listening on a loopback port
        let app = try ServiceFixture.service().service.application()
        try await app.test(.live) { live in
            let client = HTTPTestClient(port: try #require(live.port))

            // When the client asks for a page
            let response = try await client.get("/v1/feed?width=375&scale=3&limit=2")

            // Then it reads the status, the headers and the whole body
            #expect(response.status == 200)
            #expect(response.headers["Content-Type"] == ["application/json"])
            let page = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
            #expect((page?["items"] as? [[String: Any]])?.map { $0["photoId"] as? Int } == [4, 1])
            #expect(response.headers["ETag"].count == 1)
            // and sends the headers it is given (the second answer's tag: the first said "miss")
            let again = try await client.get("/v1/feed?width=375&scale=3&limit=2")
            let tag = try #require(again.headers["ETag"].first)
            let cached = try await client.get("/v1/feed?width=375&scale=3&limit=2", headers: [("If-None-Match", tag)])
            #expect(cached.status == 304)
            #expect(cached.body.count == 0)
        }
    }

    @Test func aServerThatNeverAnswersEndsInTheTimeout() async throws {
        try await Self.withServer({ nil }) { port in
            let client = HTTPTestClient(port: port, timeout: .milliseconds(200))
            // The client's own deadline ended it (nothing else can: the server never answers).
            let error = await #expect(throws: HTTPTestClient.Timeout.self) { try await client.get("/v1/feed") }
            #expect(error?.limit == .milliseconds(200))
            #expect(error?.path == "/v1/feed")
        }
    }

    @Test func aServerThatHangsUpIsAnError() async throws {
        try await Self.withServer({ HangUp() }) { port in
            let client = HTTPTestClient(port: port, timeout: .seconds(60))
            await #expect(throws: HTTPTestClient.ConnectionClosed.self) { try await client.get("/v1/feed") }
        }
    }

    @Test func cancellingTheTaskEndsItsRequest() async throws {
        try await Self.withServer({ nil }) { port in
            let client = HTTPTestClient(port: port, timeout: .seconds(60))
            let request = Task { try await client.get("/v1/feed") }
            request.cancel()
            await #expect(throws: CancellationError.self) { try await request.value }
        }
    }

    @Test func aRefusedConnectionIsAnError() async throws {
        // A port that was just free: nothing listens on it any more.
        var closedPort = 0
        try await Self.withServer({ nil }) { closedPort = $0 }
        let client = HTTPTestClient(port: closedPort, timeout: .seconds(60))
        let error = await #expect(throws: (any Error).self) { try await client.get("/") }
        // reported at once, not when the time limit runs out
        #expect(!(error is HTTPTestClient.Timeout), "\(String(describing: error))")
    }

    @Test func theBaseIsTheLineAServerPrints() throws {
        let client = try HTTPTestClient(base: "http://127.0.0.1:8080")
        #expect(client.host == "127.0.0.1" && client.port == 8080)
        #expect(throws: HTTPTestClient.BadBase.self) { try HTTPTestClient(base: "127.0.0.1:8080") }
        #expect(throws: HTTPTestClient.BadBase.self) { try HTTPTestClient(base: "http://127.0.0.1") }
    }
}
