#if canImport(GRDBSQLite)
import GRDBSQLite
#else
import SQLite3
#endif
import Foundation
import GRDB

extension Data: RawBindable {
    /// Copied by SQLite (`SQLITE_TRANSIENT`). An empty value binds an empty blob, not NULL.
    @inlinable public func bindParameter(_ index: Int32, of statement: SQLiteStatement) -> Int32 {
        withUnsafeBytes { bytes in
            sqlite3_bind_blob(statement, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(bytes.count),
                              rawStatementTransient)
        }
    }
}

extension RawStatement {
    /// The current row's column (0-based) as bytes (NULL reads as empty).
    @inlinable public func data(at column: Int32) -> Data {
        // The pointer first, then its length (SQLite's documented order).
        guard let bytes = sqlite3_column_blob(handle, column) else { return Data() }
        return Data(bytes: bytes, count: Int(sqlite3_column_bytes(handle, column)))
    }
}
