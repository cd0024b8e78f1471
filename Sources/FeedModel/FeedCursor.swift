import Foundation

/// Where a feed page ends: the last item's (upload time, id), as an opaque string.
///
/// The next page is every photo strictly older in (uploadedAt, id) order, so a cursor stays
/// valid when its own photo is deleted or new photos arrive at the top.
public struct FeedCursor: Codable, Hashable, Sendable {
    public var uploadedAt: Int64
    public var id: Int64

    public init(uploadedAt: Int64, id: Int64) {
        self.uploadedAt = uploadedAt
        self.id = id
    }

    /// Base64url of `v1:<uploadedAt>:<id>`, without padding.
    public var encoded: String {
        Data("v1:\(uploadedAt):\(id)".utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Decodes a cursor made by `encoded`; anything else throws `FeedCursorError`.
    public init(encoded: String) throws {
        var base64 = encoded.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8) else {
            throw FeedCursorError(cursor: encoded)
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "v1", let time = Int64(parts[1]), let id = Int64(parts[2]) else {
            throw FeedCursorError(cursor: encoded)
        }
        self.init(uploadedAt: time, id: id)
    }
}

/// A string that is not a cursor this store made.
public struct FeedCursorError: Error, Equatable, Sendable, CustomStringConvertible {
    public var cursor: String
    public var description: String { "malformed feed cursor '\(cursor)'" }
}
