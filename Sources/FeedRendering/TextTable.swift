/// A plain-text table: a header row and data rows in columns two spaces apart, numbers
/// right-aligned, words left-aligned, no trailing spaces.
public struct TextTable {
    public enum Alignment {
        case left
        case right
    }

    struct Column {
        var title: String
        var alignment: Alignment
    }

    var columns: [Column]
    var rows: [[String]] = []

    public init(_ columns: [(String, Alignment)]) {
        self.columns = columns.map { Column(title: $0.0, alignment: $0.1) }
    }

    public mutating func append(_ row: [String]) {
        rows.append(row)
    }

    /// The table's lines, each starting with `indent`.
    public func lines(indent: String = "  ") -> [String] {
        let widths = columns.indices.map { index in
            ([columns[index].title] + rows.map { index < $0.count ? $0[index] : "" }).map(\.count).max() ?? 0
        }
        return ([columns.map(\.title)] + rows).map { row in
            let cells = columns.indices.map { index in
                let text = index < row.count ? row[index] : ""
                let padding = String(repeating: " ", count: widths[index] - text.count)
                return columns[index].alignment == .left ? text + padding : padding + text
            }
            var line = indent + cells.joined(separator: "  ")
            while line.last == " " { line.removeLast() }
            return line
        }
    }
}
