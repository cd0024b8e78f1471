import Foundation

/// A string with attributes over runs of it (the measuring half of `NSAttributedString`).
///
/// Runs are contiguous, cover the whole string, never empty, and adjacent runs always differ
/// (``append(_:attributes:)`` merges equal neighbours), so equal-looking texts compare and hash
/// equal. Offsets are UTF-8 byte offsets into ``string``.
///
/// Equality and hashing are by UTF-8 bytes, not by Unicode canonical equivalence: "é" precomposed
/// and "e" + U+0301 are different texts (they may also shape differently), and comparing bytes
/// keeps the measurement cache's lookups cheap.
///
/// ```swift
/// var caption = AttributedText("kitty ", attributes: TextAttributes(fontWeight: .bold))
/// caption.append("sleeping in the sun", attributes: TextAttributes())
/// ```
public struct AttributedText: Sendable {
    public private(set) var string: String
    public private(set) var runs: [TextRun]

    /// An empty text.
    public init() {
        string = ""
        runs = []
    }

    /// `string` with one set of attributes.
    public init(_ string: String, attributes: TextAttributes = TextAttributes()) {
        self.init()
        append(string, attributes: attributes)
    }

    /// Appends `piece` with `attributes`; an empty piece changes nothing.
    public mutating func append(_ piece: String, attributes: TextAttributes) {
        var piece = piece
        piece.makeContiguousUTF8()
        let count = piece.utf8.count
        guard count > 0 else { return }
        let start = string.utf8.count
        string += piece
        string.makeContiguousUTF8()
        if let last = runs.last, last.attributes == attributes {
            runs[runs.count - 1].range = last.range.lowerBound..<(start + count)
        } else {
            runs.append(TextRun(range: start..<(start + count), attributes: attributes))
        }
    }

    /// Appends another attributed text.
    public mutating func append(_ other: AttributedText) {
        for run in other.runs {
            append(other.substring(utf8: run.range), attributes: run.attributes)
        }
    }

    /// Whether the text is empty.
    public var isEmpty: Bool { runs.isEmpty }

    /// The UTF-8 byte count.
    public var utf8Count: Int { string.utf8.count }

    /// The attributes at a UTF-8 offset (clamped into the text); `nil` for an empty text.
    public func attributes(at offset: Int) -> TextAttributes? {
        guard !runs.isEmpty else { return nil }
        for run in runs where offset < run.range.upperBound { return run.attributes }
        return runs[runs.count - 1].attributes
    }

    /// The characters at UTF-8 offsets `range` (which must lie on scalar boundaries, as line
    /// ranges do).
    public func substring(utf8 range: Range<Int>) -> String {
        let utf8 = string.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let upper = utf8.index(lower, offsetBy: range.count)
        return String(string[lower..<upper])
    }
}

// MARK: - Hashable

extension AttributedText: Hashable {
    public static func == (lhs: AttributedText, rhs: AttributedText) -> Bool {
        lhs.runs == rhs.runs && bytesEqual(lhs.string, rhs.string)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(runs.count)
        for run in runs {
            hasher.combine(run.range.upperBound)
            hasher.combine(run.attributes)
        }
        hasher.combine(ByteHash.digest(string))
    }

    private static func bytesEqual(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { pa in
            b.withUTF8 { pb in
                pa.count == pb.count && (pa.count == 0 || memcmp(pa.baseAddress!, pb.baseAddress!, pa.count) == 0)
            }
        }
    }
}
