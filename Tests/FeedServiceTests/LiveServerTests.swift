import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import NIOFoundationCompat
import Testing

/// The service over a real TCP socket on loopback (a free port), as a client sees it.
@Suite(.timeLimit(.minutes(5))) struct LiveServerTests {
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
