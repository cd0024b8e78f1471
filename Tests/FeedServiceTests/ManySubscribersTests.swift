import FeedService
import Foundation
import HTTPTestSupport
import HummingbirdTesting
import LayoutTestSupport
import Testing

/// 1,000 clients of `GET /v1/changes` on one server, on loopback: a commit reaches every one of
/// them as the same event, and the changed cell is laid out once for all of them.
@Suite(.tags(.slow), .notInQuickRuns, .timeLimit(minutes: 10)) struct ManySubscribersTests {
    static let clients = 1_000

    /// The layout cache report's miss count.
    static func misses(_ client: HTTPTestClient) async throws -> Int {
        let response = try await client.get("/v1/layouts/report")
        let report = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        return try #require(report?["misses"] as? Int)
    }

    /// The photo's item at 375 @3x, as the change stream sends it.
    static func item(_ client: HTTPTestClient, _ id: Int) async throws -> String {
        try await client.get("/v1/photos/\(id)?width=375&scale=3").text.trimmingCharacters(in: .newlines)
    }

    @Test func aCommitReachesAThousandSubscribersLaidOutOnce() async throws {
        let (service, path) = try ServiceFixture.service(changeStream: ChangeStreamTests.settings)
        let writer = try ChangeStreamTests.writer(path)
        try await service.application().test(.live) { live in
            // Requests go through HTTPTestClient, whose time limit scales in a sanitized run (the
            // live client's is a fixed 20 s, which a thread-sanitized run went past)
            let client = HTTPTestClient(port: try #require(live.port))
            let port = client.port
            // Given a thousand subscribers at 375 @3x, each past its opening lines (connected a
            // hundred at a time, so that the listen backlog never overflows)
            var streams: [EventStreamTestClient] = []
            for _ in 0..<(Self.clients / 100) {
                streams += try await withThrowingTaskGroup(of: EventStreamTestClient.self) { group in
                    for _ in 0..<100 {
                        group.addTask {
                            let stream = try await EventStreamTestClient.open(
                                port: port, path: ChangeStreamTests.path, timeout: TestTimeScale.scaled(.seconds(240)))
                            _ = try await ChangeStreamTests.events(stream, count: 1)
                            return stream
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
            }
            _ = try await client.get("/v1/photos/4?width=375&scale=3")
            let missesBefore = try await Self.misses(client)

            // When another connection commits a like
            try writer.like(photoID: 4)

            // Then every subscriber receives the photo's new item, the same bytes for all, and the
            // cell was laid out once
            let received = try await withThrowingTaskGroup(of: String?.self) { group in
                for stream in streams {
                    group.addTask { try await ChangeStreamTests.events(stream, count: 1).first?.data }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            streams.forEach { $0.close() }
            let item = try await Self.item(client, 4)
            #expect(received.count == Self.clients)
            #expect(received.allSatisfy { $0 == item })
            #expect(try await Self.misses(client) == missesBefore + 1)
        }
    }
}
