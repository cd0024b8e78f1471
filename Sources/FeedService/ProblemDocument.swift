import FeedAPIModel
import Foundation
import Hummingbird

/// An RFC 9457 problem document (`application/problem+json`): what every error response of the
/// service carries.
///
/// A bad query parameter names itself in `parameter` and in `detail`, which reads as the CLI's
/// usage error for the matching option (`width must be from 1 to 10000 points, not 0`).
///
/// ```json
/// {"type":"about:blank","title":"Bad Request","status":400,
///  "detail":"width must be from 1 to 10000 points, not 0","parameter":"width"}
/// ```
struct ProblemDocument: Encodable, Sendable, Error {
    var type = "about:blank"
    var title: String
    var status: Int
    var detail: String
    /// The query or path parameter at fault, for a 400.
    var parameter: String?
    /// Seconds after which a retry may succeed, for a 503 (also sent as `Retry-After`).
    var retryAfter: Int?

    static func badParameter(_ parameter: String, _ detail: String) -> ProblemDocument {
        ProblemDocument(title: "Bad Request", status: 400, detail: detail, parameter: parameter)
    }

    static func notFound(_ detail: String) -> ProblemDocument {
        ProblemDocument(title: "Not Found", status: 404, detail: detail)
    }

    static func busy(_ detail: String, retryAfter: Int = 1) -> ProblemDocument {
        ProblemDocument(title: "Service Unavailable", status: 503, detail: detail, retryAfter: retryAfter)
    }

    static func internalError(_ detail: String) -> ProblemDocument {
        ProblemDocument(title: "Internal Server Error", status: 500, detail: detail)
    }

    /// A request line longer than the server reads (``OversizedRequestHead``).
    static func uriTooLong(limit: Int) -> ProblemDocument {
        ProblemDocument(title: "URI Too Long", status: 414,
                        detail: "the request line (method, URL and version) is longer than \(limit) bytes")
    }

    /// Header fields larger than the server reads, or more of them (``OversizedRequestHead``).
    static func headerFieldsTooLarge(limit: Int, fieldLimit: Int) -> ProblemDocument {
        ProblemDocument(title: "Request Header Fields Too Large", status: 431,
                        detail: "the request's head (its request line and header fields) is larger than \(limit) bytes "
                            + "or has more than \(fieldLimit) fields")
    }

    /// The document as one JSON line, with its newline.
    var json: String { ((try? JSONLine.encode(self, keys: .encoded)) ?? "{}") + "\n" }

    /// The response: the document as JSON, `Retry-After` for a 503, never cached.
    var response: Response {
        var headers: HTTPFields = [.contentType: "application/problem+json", .cacheControl: "no-store"]
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        return Response(status: HTTPResponse.Status(code: status), headers: headers,
                        body: ResponseBody(byteBuffer: ByteBuffer(string: json)))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type, forKey: .type)
        try container.encode(title, forKey: .title)
        try container.encode(status, forKey: .status)
        try container.encode(detail, forKey: .detail)
        try container.encodeIfPresent(parameter, forKey: .parameter)
        try container.encodeIfPresent(retryAfter, forKey: .retryAfter)
    }

    private enum CodingKeys: String, CodingKey {
        case type, title, status, detail, parameter, retryAfter
    }
}
