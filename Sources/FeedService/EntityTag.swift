/// A strong entity tag for a response body, and the `If-None-Match` test (RFC 9110, 13.1.2).
///
/// The tag is the 64-bit FNV-1a hash of the body's bytes and of the engine version, in hex and
/// quoted: the body holds everything the response depends on (each item's content, texts and
/// layout, which follows from the layout-input fingerprint, the size range and the scale), so
/// equal tags mean equal bodies, and a new engine version changes every tag even where it
/// computes the same frames.
///
/// ```swift
/// let tag = EntityTag(body: bytes, engineVersion: 3)   // "\"9f0c…\""
/// tag.matches(ifNoneMatch: "W/\"9f0c…\", \"aa…\"")     // true: weak comparison
/// ```
struct EntityTag: Hashable, Sendable {
    /// The header value, quotes included.
    var value: String

    init(body: some Sequence<UInt8>, engineVersion: Int) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in body {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        for byte in String(engineVersion).utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        value = "\"\(String(repeating: "0", count: 16 - hex.count))\(hex)\""
    }

    /// Whether an `If-None-Match` field value names this tag: `*`, or a comma-separated list
    /// holding it, weak (`W/`) or strong (GET uses the weak comparison).
    func matches(ifNoneMatch field: String) -> Bool {
        if field == value { return true }
        for candidate in field.split(separator: ",") {
            var tag = candidate.trimmingWhitespace()
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
            if tag == value[...] { return true }
        }
        return false
    }
}

extension Substring {
    fileprivate func trimmingWhitespace() -> Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
