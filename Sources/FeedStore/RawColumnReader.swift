/// Reads a ``RawStatement``'s current row from left to right, one column per call: the reader of
/// a select list built from records' `Columns.all` (``FeedItem/selection``) takes each record's
/// columns in that list's order, so the list is the one place that defines both.
struct RawColumnReader {
    let row: RawStatement
    /// The next column to read (0-based).
    private(set) var column: Int32 = 0

    init(_ row: RawStatement) {
        self.row = row
    }

    mutating func int64() -> Int64 { defer { column += 1 }; return row.int64(at: column) }
    mutating func int() -> Int { Int(int64()) }
    mutating func double() -> Double { defer { column += 1 }; return row.double(at: column) }
    mutating func optionalInt64() -> Int64? { defer { column += 1 }; return row.optionalInt64(at: column) }
    /// Text, "" for NULL.
    mutating func text() -> String { defer { column += 1 }; return row.text(at: column) }
    mutating func string() -> String? { defer { column += 1 }; return row.string(at: column) }
    /// Whether the next column is NULL (without reading it).
    var nextIsNull: Bool { row.isNull(at: column) }

    mutating func skip(_ count: Int) { column += Int32(count) }
}

extension RawStatement {
    /// The names of the statement's result columns.
    var columnNames: [String] { statement.columnNames }
}
