/// Malformed JSON: where (path, byte offset, line and column) and what was expected.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path of the value being read when the error was found, e.g. `$.layout.children[1]`.
    public var path: String
    /// Zero-based byte offset of the offending byte (the input's length at end of input).
    public var offset: Int
    /// One-based line number of the offending byte.
    public var line: Int
    /// One-based column, counted in bytes from the start of the line.
    public var column: Int
    /// What was expected and what was found.
    public var reason: String

    public init(path: String, offset: Int, line: Int, column: Int, reason: String) {
        self.path = path
        self.offset = offset
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// `$.layout: malformed JSON at line 3, column 7 (byte 41): expected ',' or '}', got ']'`.
    public var description: String {
        "\(path): malformed JSON at line \(line), column \(column) (byte \(offset)): \(reason)"
    }
}
