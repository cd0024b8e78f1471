/// A JSON object being decoded, with its path: member lookup, unknown-field and
/// required-field checks.
struct ObjectFields {
    let object: JSONObject
    let path: JSONPath

    /// Unwraps an object, or reports `expected \(what), got …` at `path`.
    init(_ value: JSONValue, at path: JSONPath, what: String) throws(LayoutDescriptionError) {
        guard case .object(let object) = value else {
            throw LayoutDescriptionError(path, "expected \(what), got \(value.summary)")
        }
        self.object = object
        self.path = path
    }

    subscript(key: String) -> JSONValue? { object[key] }

    /// Reports the first member whose key is not in `allowed`.
    func checkKnown(_ allowed: [String], in what: String) throws(LayoutDescriptionError) {
        for key in object.keys where !allowed.contains(key) {
            throw LayoutDescriptionError(path.appending(key),
                                         "unknown field \(JSONText.quoted(key)) in \(what); expected one of "
                                         + allowed.joined(separator: ", "))
        }
    }

    /// The member's value, or a "missing required field" error naming this object.
    func required(_ key: String) throws(LayoutDescriptionError) -> JSONValue {
        guard let value = object[key] else {
            throw LayoutDescriptionError(path, "missing required field \(JSONText.quoted(key))")
        }
        return value
    }

    /// The member decoded with `decode`, or `nil` when absent.
    func optional<T>(_ key: String, _ decode: (JSONValue, JSONPath) throws(LayoutDescriptionError) -> T)
        throws(LayoutDescriptionError) -> T? {
        guard let value = object[key] else { return nil }
        return try decode(value, path.appending(key))
    }
}
