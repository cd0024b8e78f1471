import NIOCore

/// Rows in the text format of PostgreSQL's `COPY … FROM STDIN`: one line per row, fields
/// separated by tabs, `\N` for NULL, and backslash, tab, newline and carriage return escaped.
struct CopyTextRows {
    private(set) var buffer = ByteBuffer()
    private var fieldsInRow = 0

    /// A text field: written whole when it holds nothing to escape (most fields), else byte by byte.
    mutating func text(_ value: String) {
        separate()
        let utf8 = value.utf8
        guard utf8.contains(where: Self.needsEscape) else {
            buffer.writeString(value)
            return
        }
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\\"): buffer.writeStaticString("\\\\")
            case UInt8(ascii: "\t"): buffer.writeStaticString("\\t")
            case UInt8(ascii: "\n"): buffer.writeStaticString("\\n")
            case UInt8(ascii: "\r"): buffer.writeStaticString("\\r")
            default: buffer.writeInteger(byte)
            }
        }
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }

    mutating func text(_ value: String?) {
        guard let value else { return null() }
        text(value)
    }

    mutating func integer(_ value: Int64) {
        separate()
        buffer.writeString(String(value))
    }

    mutating func integer(_ value: Int64?) {
        guard let value else { return null() }
        integer(value)
    }

    /// A finite double as Swift prints it (the shortest text that reads back the same value).
    mutating func double(_ value: Double) {
        separate()
        buffer.writeString(value.isFinite ? "\(value)" : value > 0 ? "Infinity" : value < 0 ? "-Infinity" : "NaN")
    }

    mutating func null() {
        separate()
        buffer.writeStaticString("\\N")
    }

    /// Ends the current row.
    mutating func endRow() {
        buffer.writeStaticString("\n")
        fieldsInRow = 0
    }

    private mutating func separate() {
        if fieldsInRow > 0 { buffer.writeStaticString("\t") }
        fieldsInRow += 1
    }
}
