/// Escaping of text placed in XML (SVG) and HTML documents.
enum MarkupEscaping {
    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by entities, safe in element content and
    /// in double- or single-quoted attribute values. Control characters that XML 1.0 forbids
    /// (everything below U+0020 except tab, newline and carriage return) become U+FFFD, so a
    /// stray byte in a caption cannot make the document malformed.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
