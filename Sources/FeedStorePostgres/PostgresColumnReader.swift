import FeedModel
import PostgresNIO

/// Reads a row's columns in order, each checked by name: every read names the column it expects
/// (a record's from its ``ColumnListing`` coding keys), and a row whose column at that place has
/// another name throws ``Mismatch`` instead of decoding the wrong value. A select list built from
/// a record's `columnNames` and a reader that takes them in the same order therefore agree, or
/// fail on the first row.
///
/// ```swift
/// var reader = PostgresColumnReader(row)              // SELECT p.id, p.owner_id, …
/// let id = try reader.int64(Photo.CodingKeys.id)       // "id"
/// let owner = try reader.int64("owner_id")
/// ```
struct PostgresColumnReader {
    /// A column found where the reader expected another.
    struct Mismatch: Error, CustomStringConvertible {
        var index: Int
        var expected: String
        var found: String

        var description: String { "column \(index + 1) is \(found), expected \(expected)" }
    }

    private let row: PostgresRandomAccessRow
    private var index = 0

    init(_ row: PostgresRow) {
        self.row = row.makeRandomAccess()
    }

    private mutating func next<T: PostgresDecodable>(_: T.Type, _ column: String) throws -> T {
        let cell = try self.cell(column)
        index += 1
        return try cell.decode(T.self)
    }

    /// The next cell, which must be `column`'s.
    private func cell(_ column: String) throws -> PostgresCell {
        let cell = row[index]
        guard cell.columnName == column else { throw Mismatch(index: index, expected: column, found: cell.columnName) }
        return cell
    }

    mutating func int64(_ column: String) throws -> Int64 { try next(Int64.self, column) }
    mutating func int(_ column: String) throws -> Int { Int(try next(Int64.self, column)) }
    mutating func double(_ column: String) throws -> Double { try next(Double.self, column) }
    mutating func text(_ column: String) throws -> String { try next(String.self, column) }
    mutating func optionalText(_ column: String) throws -> String? { try next(String?.self, column) }
    mutating func optionalInt64(_ column: String) throws -> Int64? { try next(Int64?.self, column) }
    mutating func bool(_ column: String) throws -> Bool { try next(Bool.self, column) }
    /// A `bytea` column's bytes (none for NULL).
    mutating func bytes(_ column: String) throws -> [UInt8] {
        try next(ByteBuffer?.self, column).map { Array($0.readableBytesView) } ?? []
    }

    /// A nullable `bytea` column's bytes.
    mutating func optionalBytes(_ column: String) throws -> [UInt8]? {
        try next(ByteBuffer?.self, column).map { Array($0.readableBytesView) }
    }
    mutating func optionalDouble(_ column: String) throws -> Double? { try next(Double?.self, column) }
    /// A nullable `text[]` column's texts (none for NULL).
    mutating func texts(_ column: String) throws -> [String] { try next([String]?.self, column) ?? [] }

    /// Whether `column`, the next one, is NULL (without reading it).
    func isNull(_ column: String) throws -> Bool { try cell(column).bytes == nil }

    /// Skips `columns`, the next ones, checking their names.
    mutating func skip(_ columns: [String]) throws {
        for column in columns {
            _ = try cell(column)
            index += 1
        }
    }
}

extension PostgresColumnReader {
    mutating func int64<Key: CodingKey>(_ key: Key) throws -> Int64 { try int64(key.stringValue) }
    mutating func int<Key: CodingKey>(_ key: Key) throws -> Int { try int(key.stringValue) }
    mutating func double<Key: CodingKey>(_ key: Key) throws -> Double { try double(key.stringValue) }
    mutating func text<Key: CodingKey>(_ key: Key) throws -> String { try text(key.stringValue) }
    mutating func optionalText<Key: CodingKey>(_ key: Key) throws -> String? { try optionalText(key.stringValue) }
    mutating func optionalInt64<Key: CodingKey>(_ key: Key) throws -> Int64? { try optionalInt64(key.stringValue) }
    mutating func bool<Key: CodingKey>(_ key: Key) throws -> Bool { try bool(key.stringValue) }
}
