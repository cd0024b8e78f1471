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
    /// A digest of the bytes and the runs, kept up to date by every append so that hashing a
    /// text (the measurement cache does it on every lookup) never reads the characters again.
    private(set) var digest: UInt64

    /// An empty text.
    public init() {
        string = ""
        runs = []
        digest = 0
    }

    /// `string` with one set of attributes.
    public init(_ string: String, attributes: TextAttributes = TextAttributes()) {
        // What `append` makes of an empty text, without its concatenation: cells build several
        // labels each, and the append path does far more work per label.
        var string = string
        string.makeContiguousUTF8()
        let count = string.utf8.count
        guard count > 0 else {
            self.init()
            return
        }
        self.init(string: string, runs: [TextRun(range: 0..<count, attributes: attributes)])
    }

    private init(string: String, runs: [TextRun]) {
        self.string = string
        self.runs = runs
        digest = Self.digest(string, runs)
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
        digest = Self.digest(string, runs)
    }

    private static func digest(_ string: String, _ runs: [TextRun]) -> UInt64 {
        var digest = ByteHash.digest(string)
        for run in runs {
            digest = ByteHash.mix(digest ^ UInt64(run.range.upperBound))
            digest = ByteHash.mix(digest ^ run.attributes.fontSize.bitPattern)
            digest = ByteHash.mix(digest ^ (run.attributes.fontWeight == .bold ? 1 : 2))
        }
        return digest
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
    @inline(__always)
    public static func == (lhs: AttributedText, rhs: AttributedText) -> Bool {
        lhs.digest == rhs.digest
            && (isSameValue(lhs, rhs) || bytesEqual(lhs.string, rhs.string) && runsEqual(lhs.runs, rhs.runs))
    }

    /// Whether both hold the same string value (same storage, count and flags) and the same runs
    /// buffer: equal without reading a byte. Inline, so that a cache hit for the text measured
    /// before makes no call.
    @inline(__always)
    private static func isSameValue(_ a: AttributedText, _ b: AttributedText) -> Bool {
        unsafeBitCast(a.string, to: (UInt64, UInt64).self) == unsafeBitCast(b.string, to: (UInt64, UInt64).self)
            && unsafeBitCast(a.runs, to: UnsafeRawPointer.self) == unsafeBitCast(b.runs, to: UnsafeRawPointer.self)
    }

    /// Compares the arrays' buffers before their elements: a cache hit for the same text then
    /// never reads the stored key's runs (one memory access saved on every lookup).
    private static func runsEqual(_ a: [TextRun], _ b: [TextRun]) -> Bool {
        unsafeBitCast(a, to: UnsafeRawPointer.self) == unsafeBitCast(b, to: UnsafeRawPointer.self) || a == b
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(digest)
    }

    private static func bytesEqual(_ a: String, _ b: String) -> Bool {
        // The same string value (same storage, count and flags): equal without reading a byte.
        if unsafeBitCast(a, to: (UInt64, UInt64).self) == unsafeBitCast(b, to: (UInt64, UInt64).self) { return true }
        guard let equal = a.utf8.withContiguousStorageIfAvailable({ pa in
            b.utf8.withContiguousStorageIfAvailable { pb in
                // Same storage (the usual case for a cache hit: the same text measured again).
                pa.count == pb.count && (pa.baseAddress == pb.baseAddress || pa.count == 0
                    || memcmp(pa.baseAddress!, pb.baseAddress!, pa.count) == 0)
            }
        }), let equal else { return a.utf8.elementsEqual(b.utf8) }
        return equal
    }
}
