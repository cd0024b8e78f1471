import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import NIOFoundationCompat
import StoreTestSupport
import LayoutTestSupport
import Testing

/// Real responses of every route, good and bad, checked against docs/openapi.yaml by the
/// project's validator (bin/lib/openapi-validate: JSON Schema 2020-12 through Python's
/// jsonschema, installed from PyPI when missing): documented status, content type, body schema
/// and headers. The test fails when the validator cannot run.
@Suite(.timeLimit(minutes: 10)) struct OpenAPIConformanceTests {
    /// (request URI, the document's path template, extra headers)
    static let requests: [(uri: String, path: String, headers: HTTPFields)] = [
        ("/v1/feed?width=375&limit=3", "/v1/feed", [:]),
        ("/v1/feed?width=375&limit=3", "/v1/feed", [:]),
        ("/v1/feed?width=375&limit=3&after=djE6MTc0OTY0MzIwMDAwMDoz", "/v1/feed", [:]),
        ("/v1/feed?width=320&scale=3", "/v1/feed", [:]),
        ("/v1/feed?width=0", "/v1/feed", [:]),
        ("/v1/feed?width=375&limit=x", "/v1/feed", [:]),
        ("/v1/feed?width=375&after=%20", "/v1/feed", [:]),
        ("/v1/feed?width=375&limit=3", "/v1/feed", [.ifNoneMatch: "*"]),
        ("/v1/photos/1?width=375", "/v1/photos/{id}", [:]),
        ("/v1/photos/999?width=375", "/v1/photos/{id}", [:]),
        ("/v1/photos/x?width=375", "/v1/photos/{id}", [:]),
        ("/v1/layouts/report", "/v1/layouts/report", [:]),
        ("/?limit=2", "/", [:]),
        ("/?width=-4", "/", [:]),
        ("/fonts/DejaVuSans-Bold.ttf", "/fonts/{name}", [:]),
        ("/fonts/nope.ttf", "/fonts/{name}", [:]),
        ("/healthz", "/healthz", [:]),
        ("/metrics", "/metrics", [:]),
        ("/openapi.yaml", "/openapi.yaml", [:]),
    ]

    struct Recorded: Encodable, Sendable {
        var path: String
        var method = "get"
        var status: Int
        var contentType: String
        var headers: [String: String]
        var body: String
    }

    @Test func everyRouteAnswersAsTheDocumentSays() async throws {
        let app = try ServiceFixture.service().service.application()
        let recorded = try await app.test(.router) { client in
            var recorded: [Recorded] = []
            for request in Self.requests {
                let response = try await client.execute(uri: request.uri, method: .get, headers: request.headers)
                let contentType = response.headers[.contentType] ?? ""
                let isText = !contentType.hasPrefix("font/")
                var headers: [String: String] = [:]
                for field in response.headers { headers[field.name.canonicalName] = field.value }
                recorded.append(Recorded(path: request.path, status: response.status.code, contentType: contentType,
                                         headers: headers, body: isText ? String(buffer: response.body) : ""))
            }
            return recorded
        }
        #expect(recorded.map(\.status) == [200, 200, 200, 200, 400, 400, 400, 304, 200, 404, 400, 200, 200, 400,
                                           200, 404, 200, 200, 200])
        let file = try FeedTestStore.temporaryDirectory().appendingPathComponent("responses.json")
        try JSONEncoder().encode(recorded).write(to: file)
        let result = try Self.run(FeedTestStore.projectRoot.appendingPathComponent("bin/lib/openapi-validate").path,
                                  [file.path])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.hasSuffix("\(recorded.count) passed, 0 failed\n"), "\(result.output)")
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
