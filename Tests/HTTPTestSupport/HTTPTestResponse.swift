import NIOHTTP1

/// One response as ``HTTPTestClient`` read it: the status, the header fields and the whole body.
package struct HTTPTestResponse: Sendable {
    package var status: Int
    package var headers: HTTPHeaders
    package var body: [UInt8]

    package init(status: Int, headers: HTTPHeaders, body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The body decoded as UTF-8.
    package var text: String { String(decoding: body, as: UTF8.self) }
}
