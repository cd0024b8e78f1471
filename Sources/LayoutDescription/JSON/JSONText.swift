/// Writing JSON text: numbers in their shortest round-tripping form and escaped strings.
public enum JSONText {
    /// The shortest decimal that reads back as the same double: integers without a fraction
    /// (`50`, not `50.0`), others as Swift's shortest round-tripping form (`25.5`,
    /// `0.3333333333333333`, `1e-07`). Negative zero prints as `0`. JSON has no infinity or
    /// NaN, so those print as `null`; layout results never contain them.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == 0 { return "0" }
        if value == value.rounded(.towardZero), Swift.abs(value) < 1e16 {
            return String(Int64(value))
        }
        return value.description
    }

    /// `text` as a JSON string literal: quotes, backslashes and control characters escaped,
    /// everything else (including non-ASCII) written as UTF-8.
    public static func quoted(_ text: String) -> String {
        var output = ""
        appendQuoted(text, to: &output)
        return output
    }

    /// Appends `text` as a JSON string literal to `output`.
    ///
    /// Plain stretches go in through `String.append(contentsOf:)`, which grows `output` in place:
    /// appending through `output.unicodeScalars` would copy the whole of `output` each time (the
    /// view shares its storage), so a result line with many ids would take quadratic time.
    public static func appendQuoted(_ text: String, to output: inout String) {
        output.append("\"")
        var plainStart = text.unicodeScalars.startIndex
        var index = plainStart
        let scalars = text.unicodeScalars
        while index != scalars.endIndex {
            let scalar = scalars[index]
            if let escape = escape(scalar) {
                output.append(contentsOf: Substring(scalars[plainStart..<index]))
                output.append(escape)
                plainStart = scalars.index(after: index)
            }
            index = scalars.index(after: index)
        }
        output.append(contentsOf: Substring(scalars[plainStart..<scalars.endIndex]))
        output.append("\"")
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "\"": return "\\\""
        case "\\": return "\\\\"
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        case "\u{08}": return "\\b"
        case "\u{0C}": return "\\f"
        default:
            guard scalar.value < 0x20 else { return nil }
            let hex = String(scalar.value, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
    }
}
