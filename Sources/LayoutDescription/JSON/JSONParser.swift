/// A strict RFC 8259 JSON parser that reports where input goes wrong.
///
/// - Strict: no comments, no trailing commas, no single quotes, no leading zeros, no NaN or
///   infinity literals, no unescaped control characters, valid UTF-8 only, no lone surrogates,
///   nothing but whitespace after the value. A leading UTF-8 byte order mark is skipped.
/// - Duplicate keys in one object are an error (the second one is reported).
/// - Nesting is limited (``defaultMaxDepth``) and the parser is iterative, so no input can
///   exhaust the stack, here or when the value is later traversed or released.
/// - Numbers are correctly rounded: short ones exactly through Clinger's fast path, the rest
///   through the standard library's correctly rounded conversion.
///
/// ```swift
/// let value = try JSONParser.parse(Array(#"{"scale": 2}"#.utf8))
/// ```
public enum JSONParser {
    /// Arrays and objects nested deeper than this are refused.
    public static let defaultMaxDepth = 1024

    /// Parses one JSON document.
    public static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
        let result: Result<JSONValue, JSONParseError> = bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(bytes: buffer, maxDepth: maxDepth)
            do throws(JSONParseError) {
                return .success(try scanner.parseDocument())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Parses one JSON document from text.
    public static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8), maxDepth: maxDepth)
    }
}

/// The parser's state: the input, a cursor and an explicit stack of open containers.
struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    var index = 0
    var stack: [OpenContainer] = []

    /// An array or object being filled; the innermost one is last on the stack.
    struct OpenContainer {
        var isObject: Bool
        var values: [JSONValue] = []
        var keys: [String] = []
        /// Built once an object grows past a few keys, to keep duplicate checks linear.
        var keySet: Set<String>?
    }

    init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        var value = try parseValueOrOpen()
        while true {
            guard let value2 = value else {
                value = try parseValueOrOpen()
                continue
            }
            // A complete value: hand it to the innermost container, or finish.
            guard !stack.isEmpty else {
                skipWhitespace()
                if index < bytes.count { throw error("expected the end of the document, got \(found)") }
                return value2
            }
            let top = stack.count - 1
            stack[top].values.append(value2)
            skipWhitespace()
            if stack[top].isObject {
                if consume(UInt8(ascii: ",")) {
                    try readKey()
                    value = nil
                } else if consume(UInt8(ascii: "}")) {
                    let container = stack.removeLast()
                    value = .object(JSONObject(keys: container.keys, values: container.values))
                } else {
                    throw error("expected ',' or '}' after an object member, got \(found)")
                }
            } else {
                if consume(UInt8(ascii: ",")) {
                    value = nil
                } else if consume(UInt8(ascii: "]")) {
                    value = .array(stack.removeLast().values)
                } else {
                    throw error("expected ',' or ']' after an array element, got \(found)")
                }
            }
        }
    }

    /// Reads a scalar or an empty container and returns it, or opens a container (returning
    /// `nil`, after which the caller reads its first value).
    private mutating func parseValueOrOpen() throws(JSONParseError) -> JSONValue? {
        skipWhitespace()
        guard index < bytes.count else { throw error("expected a value, got the end of the input", pending: true) }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            try open(isObject: true)
            index += 1
            skipWhitespace()
            if consume(UInt8(ascii: "}")) {
                stack.removeLast()
                return .object(JSONObject())
            }
            try readKeyAfterOpening()
            return nil
        case UInt8(ascii: "["):
            try open(isObject: false)
            index += 1
            skipWhitespace()
            if consume(UInt8(ascii: "]")) {
                stack.removeLast()
                return .array([])
            }
            return nil
        case UInt8(ascii: "\""):
            return .string(try parseString())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try parseNumber())
        default:
            throw error("expected a value, got \(found)", pending: true)
        }
    }

    private mutating func open(isObject: Bool) throws(JSONParseError) {
        guard stack.count < maxDepth else {
            throw error("arrays and objects are nested deeper than \(maxDepth) levels", pending: true)
        }
        stack.append(OpenContainer(isObject: isObject))
    }

    /// After `,` in an object: whitespace, a key, `:`.
    private mutating func readKey() throws(JSONParseError) {
        skipWhitespace()
        try readKeyAfterOpening()
    }

    private mutating func readKeyAfterOpening() throws(JSONParseError) {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            throw error("expected a string key, got \(found)")
        }
        let keyStart = index
        let key = try parseString()
        let top = stack.count - 1
        if isDuplicate(key, in: stack[top]) {
            index = keyStart
            throw error("duplicate key \(JSONText.quoted(key))")
        }
        stack[top].keys.append(key)
        if stack[top].keySet != nil {
            stack[top].keySet!.insert(key)
        } else if stack[top].keys.count > 12 {
            stack[top].keySet = Set(stack[top].keys)
        }
        skipWhitespace()
        guard consume(UInt8(ascii: ":")) else { throw error("expected ':' after an object key, got \(found)") }
    }

    private func isDuplicate(_ key: String, in container: OpenContainer) -> Bool {
        if let keySet = container.keySet { return keySet.contains(key) }
        return container.keys.contains(key)
    }

    private mutating func literal(_ word: String) throws(JSONParseError) {
        let letters = Array(word.utf8)
        let count = letters.count
        let matches = index + count <= bytes.count && (0..<count).allSatisfy { offset in
            bytes[index + offset] == letters[offset]
        }
        guard matches else { throw error("expected a value, got \(found)", pending: true) }
        index += count
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    @inline(__always)
    mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// The byte at the cursor, described for an error message.
    var found: String {
        guard index < bytes.count else { return "the end of the input" }
        let byte = bytes[index]
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    /// An error at the cursor. `pending` adds the member or element being read to the path.
    func error(_ reason: String, pending: Bool = false) -> JSONParseError {
        var path = JSONPath.root
        for (depth, container) in stack.enumerated() {
            let isInnermost = depth == stack.count - 1
            if isInnermost && !pending { break }
            if container.isObject {
                guard container.keys.count > container.values.count, let key = container.keys.last else { break }
                path = path.appending(key)
            } else {
                path = path.appending(container.values.count)
            }
        }
        let offset = Swift.min(index, bytes.count)
        var line = 1
        var lineStart = 0
        for position in 0..<offset where bytes[position] == 0x0A {
            line += 1
            lineStart = position + 1
        }
        return JSONParseError(path: path.description, offset: offset, line: line, column: offset - lineStart + 1,
                              reason: reason)
    }
}
