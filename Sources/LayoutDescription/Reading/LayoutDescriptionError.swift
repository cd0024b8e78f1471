/// An invalid layout description: the JSON path of the offending value and what was expected.
///
/// ```
/// $.layout.children[2].style.width: expected a number, "12pt", "50%" or "auto", got true
/// ```
public struct LayoutDescriptionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The JSON path of the offending value, e.g. `$.layout.children[2].style.width`.
    public var path: String
    /// What is wrong and what was expected.
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    init(_ path: JSONPath, _ reason: String) {
        self.init(path: path.description, reason: reason)
    }

    /// Malformed JSON, reported at the path the parser had reached.
    public init(_ error: JSONParseError) {
        self.init(path: error.path, reason: error.description.dropFirst(error.path.count + 2).description)
    }

    /// `path: reason`.
    public var description: String { "\(path): \(reason)" }
}
