/// A parsed JSON value, as ``JSONParser`` produces it.
///
/// Numbers are `Double`s, correctly rounded from their decimal text; a number too large for a
/// double reads as an infinity (JSON itself cannot write one), which lets a reader say so with
/// the value's path instead of failing the whole parse. Objects keep their members in document
/// order and never hold two equal keys (the parser refuses duplicates).
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

/// A JSON object's members, in document order, with unique keys.
///
/// Lookup is a linear scan: the objects of a layout description have a handful of members, for
/// which that beats hashing.
public struct JSONObject: Hashable, Sendable {
    public private(set) var keys: [String]
    public private(set) var values: [JSONValue]

    /// Creates an object from members with unique keys (the caller guarantees uniqueness).
    public init(keys: [String] = [], values: [JSONValue] = []) {
        precondition(keys.count == values.count, "a JSON object needs one value per key")
        self.keys = keys
        self.values = values
    }

    /// The value for `key`, or `nil` when the object has no such member.
    public subscript(key: String) -> JSONValue? {
        guard let index = keys.firstIndex(of: key) else { return nil }
        return values[index]
    }

    public var count: Int { keys.count }

    /// The members as `(key, value)` pairs in document order.
    public var members: Zip2Sequence<[String], [JSONValue]> { zip(keys, values) }
}

extension JSONValue {
    /// A short phrase naming the value for error messages: `"abc"` (quoted and cut at 40
    /// characters), `-3`, `true`, `null`, `an array`, `an object`.
    public var summary: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value):
            return value.isFinite ? JSONText.number(value) : "a number too large for a double"
        case .string(let text):
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            return JSONText.quoted(shown)
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
