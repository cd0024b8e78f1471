import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import NIOFoundationCompat
import NIOPosix
import LayoutTestSupport
import Testing

/// The service over a real TCP socket on loopback (a free port), as a client sees it.
@Suite(.timeLimit(minutes: 10)) struct LiveServerTests {
    @Test func aFeedPageOverARealSocket() async throws {
        let app = try ServiceFixture.service().service.application()
        try await app.test(.live) { client in
            let response = try await client.execute(uri: "/v1/feed?width=375&scale=3&limit=2", method: .get)
            #expect(response.status == .ok)
            let page = ServiceFixture.object(response)
            let items = page["items"] as? [[String: Any]] ?? []
            #expect(items.map { $0["photoId"] as? Int } == [4, 1])
            // 478 points at @2x; at @3x the 16.5-point labels snap to 49 px, 16⅓ points.
            #expect((items.first?["layout"] as? [String: Any])?["size"] as? [Double] == [375, 1433.0 / 3])
            let tag = try #require(response.headers[.eTag])
            let again = try await client.execute(uri: "/v1/feed?width=375&scale=3&limit=2", method: .get)
            let cached = try await client.execute(uri: "/v1/feed?width=375&scale=3&limit=2", method: .get,
                                                  headers: [.ifNoneMatch: again.headers[.eTag] ?? tag])
            #expect(cached.status == .notModified)
        }
    }
}

/// Connections that stall: a client that sends half a request head and waits is closed once the
/// idle timeout passes, so stalled sockets cannot hold every descriptor.
@Suite(.timeLimit(minutes: 10)) struct StalledConnectionTests {
    @Test func halfARequestIsClosedAfterTheIdleTimeout() async throws {
        let app = try ServiceFixture.service(idleTimeout: .milliseconds(100)).service.application()
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(.seconds(5)).connect(host: "127.0.0.1", port: port).get()
            // (A test run short of threads may write after the server has closed the connection.)
            try? await channel.writeAndFlush(ByteBuffer(string: "GET /v1/feed?width=375 HTTP/1.1\r\nHost: x\r\n")).get()

            // The server closes the connection: the close future completes (the suite's limit
            // fails the test if it never does).
            try await channel.closeFuture.get()
            #expect(!channel.isActive)
        }
    }
}
