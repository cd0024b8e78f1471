extension Layout: CustomStringConvertible {
    /// An indented tree, one element a line: `id (x, y) w × h`, children indented by two spaces.
    /// Deterministic, so tests and the CLI can compare it with fixtures.
    ///
    /// ```
    /// host (0, 0) 300 × 50
    ///   avatar (10, 5) 40 × 40
    /// ```
    public var description: String {
        var lines: [String] = []
        appendLines(to: &lines, depth: 0)
        return lines.joined(separator: "\n")
    }

    private func appendLines(to lines: inout [String], depth: Int) {
        let indent = String(repeating: "  ", count: depth)
        let kind = isNode ? "" : " [spec]"
        lines.append("\(indent)\(element)\(kind) \(position) \(size)")
        for sublayout in sublayouts {
            sublayout.appendLines(to: &lines, depth: depth + 1)
        }
    }
}
