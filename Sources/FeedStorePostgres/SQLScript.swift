/// The statements of a migration file, in order: PostgreSQL's extended protocol (the one
/// postgres-nio speaks) runs one statement at a time.
///
/// Splits at semicolons outside comments (`--` to the end of the line, `/* … */`), quoted
/// strings and identifiers (`'…'`, `"…"`, doubled quotes inside) and dollar-quoted bodies
/// (`$tag$ … $tag$`). Statements that hold nothing but comments and blanks are left out.
enum SQLScript {
    static func statements(_ sql: String) -> [String] {
        let scalars = Array(sql.unicodeScalars)
        var statements: [String] = []
        var current = String.UnicodeScalarView()
        var hasCode = false
        var index = 0

        func take(_ count: Int) {
            current.append(contentsOf: scalars[index ..< min(index + count, scalars.count)])
            index += count
        }
        func take(through end: [Unicode.Scalar]) {
            while index < scalars.count {
                if scalars[index...].starts(with: end) { take(end.count); return }
                take(1)
            }
        }

        while index < scalars.count {
            let scalar = scalars[index]
            let rest = scalars[index...]
            if rest.starts(with: ["-", "-"]) {
                take(through: ["\n"])
            } else if rest.starts(with: ["/", "*"]) {
                take(2)
                take(through: ["*", "/"])
            } else if scalar == "'" || scalar == "\"" {
                hasCode = true
                take(1)
                take(through: [scalar])  // a doubled quote reads as two adjacent quoted parts: the same split
            } else if scalar == "$", let tag = dollarTag(scalars, at: index) {
                hasCode = true
                take(tag.count)
                take(through: tag)
            } else if scalar == ";" {
                if hasCode { statements.append(String(current)) }
                current = String.UnicodeScalarView()
                hasCode = false
                index += 1
            } else {
                if !scalar.properties.isWhitespace { hasCode = true }
                take(1)
            }
        }
        if hasCode { statements.append(String(current)) }
        return statements
    }

    /// The dollar-quote opening at `index` (`$$` or `$name$`), or nil.
    private static func dollarTag(_ scalars: [Unicode.Scalar], at index: Int) -> [Unicode.Scalar]? {
        var end = index + 1
        while end < scalars.count, scalars[end] == "_" || scalars[end].properties.isAlphabetic
                || ("0" ... "9").contains(scalars[end]) {
            end += 1
        }
        guard end < scalars.count, scalars[end] == "$" else { return nil }
        if end > index + 1, ("0" ... "9").contains(scalars[index + 1]) { return nil }  // $1: a parameter
        return Array(scalars[index ... end])
    }
}
