import Foundation
import Hummingbird
import HummingbirdTesting
import HTTPTestSupport
import LayoutTestSupport
import Testing

/// A request head larger than the server reads (80 KiB, 1,000 fields): a URL of a megabyte is
/// 414, header fields of a megabyte (or 1,001 of them) 431, each with a problem document, and the
/// connection ends; a request just under the limit is served.
@Suite(.timeLimit(minutes: 10)) struct OversizedRequestHeadTests {
    static let megabyte = String(repeating: "a", count: 1 << 20)

    /// Sends each request on its own connection to a live server.
    static func send(_ requests: [(path: String, headers: [(String, String)])]) async throws -> [HTTPTestResponse] {
        let app = try ServiceFixture.service().service.application()
        return try await app.test(.live) { client in
            let http = HTTPTestClient(port: try #require(client.port), timeout: .seconds(30))
            var responses: [HTTPTestResponse] = []
            for request in requests { responses.append(try await http.get(request.path, headers: request.headers)) }
            return responses
        }
    }

    @Test func aMegabyteURLIs414() async throws {
        let responses = try await Self.send([(path: "/v1/feed?width=375&q=" + Self.megabyte, headers: [])])
        let response = try #require(responses.first)
        #expect(response.status == 414)
        #expect(response.headers["Content-Type"] == ["application/problem+json"])
        #expect(response.text == #"{"type":"about:blank","title":"URI Too Long","status":414,"#
            + #""detail":"the request line (method, URL and version) is longer than 81920 bytes"}"# + "\n")
    }

    @Test func megabyteHeaderFieldsAre431() async throws {
        let responses = try await Self.send([
            (path: "/healthz", headers: [("X-Big", Self.megabyte)]),
            (path: "/healthz", headers: (0 ..< 100).map { ("X-Field-\($0)", String(repeating: "b", count: 1_000)) }),
            (path: "/healthz", headers: (0 ..< 1_001).map { ("X-\($0)", "c") }),
        ])
        #expect(responses.count == 3)
        for response in responses {
            #expect(response.status == 431)
            #expect(response.headers["Content-Type"] == ["application/problem+json"])
            #expect(response.text == #"{"type":"about:blank","title":"Request Header Fields Too Large","status":431,"#
                + #""detail":"the request's head (its request line and header fields) is larger than 81920 bytes "#
                + #"or has more than 1000 fields"}"# + "\n")
        }
    }

    @Test func aHeadUnderTheLimitIsServed() async throws {
        let responses = try await Self.send([
            (path: "/healthz?pad=" + String(repeating: "a", count: 40_000), headers: [("X-Pad", String(repeating: "b", count: 30_000))]),
        ])
        #expect(responses.map(\.status) == [200])
    }
}
