import FeedModel

#if canImport(GRDBSQLite)
import GRDBSQLite
#else
import SQLite3
#endif
import GRDB

/// A cached GRDB statement driven through SQLite's C API: values are bound with `sqlite3_bind_*`,
/// rows stepped with `sqlite3_step` and columns read with `sqlite3_column_*`, without GRDB's
/// `StatementArguments` and `Row` (which box every value).
///
/// For the few statements run thousands of times a second (the sync daemon's commit, the
/// reverse-geocoding search), where that boxing costs more than SQLite's own work. Use it only
/// inside the database access that created it, like any GRDB statement.
///
/// It skips GRDB's per-statement bookkeeping: changes it makes are not reported to GRDB
/// transaction observers (`ValueObservation`, `DatabaseRegionObservation`), and reads are not
/// recorded in an observed region. The store registers no observer; code that adds one must not
/// watch the tables written here (`sync_job`, `photo`, `user`, `location`). Its bindings stay
/// set after a run, so its SQL should not also be run by GRDB code that binds arguments once
/// (`setArguments`) and executes the statement again later: keep the SQL strings separate.
///
/// ```swift
/// let markDone = try RawStatement(db, sql: "UPDATE sync_job SET state = 'done' WHERE id = ?")
/// let changed = try markDone.execute(jobID)
/// ```
public struct RawStatement {
    /// Held so that the SQLite statement lives as long as this value (a schema change may drop it
    /// from the connection's cache meanwhile).
    @usableFromInline let statement: Statement

    /// The connection's cached statement for `sql` (prepared on first use).
    public init(_ db: Database, sql: String) throws {
        statement = try db.cachedStatement(sql: sql)
    }

    @usableFromInline var handle: SQLiteStatement { statement.sqliteStatement }

    /// Runs the statement to the end with `values` bound to its parameters in order (rows it
    /// returns are skipped); returns how many rows it inserted, updated or deleted.
    @inlinable @discardableResult
    public func execute<each Value: RawBindable>(_ values: repeat each Value) throws -> Int {
        bind(repeat each values)
        defer { sqlite3_reset(handle) }
        var code = sqlite3_step(handle)
        while code == SQLITE_ROW { code = sqlite3_step(handle) }
        guard code == SQLITE_DONE else { throw failure(code) }
        return Int(sqlite3_changes(sqlite3_db_handle(handle)))
    }

    /// Runs the statement with `values` bound, calling `row` once per result row; read its
    /// columns with ``int64(at:)``, ``double(at:)`` and ``string(at:)`` inside `row` only.
    @inlinable
    public func forEachRow<each Value: RawBindable>(_ values: repeat each Value,
                                                    row: () throws -> Void) throws {
        bind(repeat each values)
        defer { sqlite3_reset(handle) }
        while true {
            switch sqlite3_step(handle) {
            case SQLITE_ROW: try row()
            case SQLITE_DONE: return
            case let code: throw failure(code)
            }
        }
    }

    /// Runs the statement with `values` bound and returns `read` of its first row, or nil when
    /// it returns no row.
    @inlinable
    public func firstRow<each Value: RawBindable, Result>(_ values: repeat each Value,
                                                          read: () throws -> Result) throws -> Result? {
        bind(repeat each values)
        defer { sqlite3_reset(handle) }
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return try read()
        case SQLITE_DONE: return nil
        case let code: throw failure(code)
        }
    }

    /// The current row's column (0-based) as an integer (NULL reads as 0).
    @inlinable public func int64(at column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    /// The current row's column (0-based) as a double (NULL reads as 0).
    @inlinable public func double(at column: Int32) -> Double { sqlite3_column_double(handle, column) }

    /// Whether the current row's column (0-based) is NULL.
    @inlinable public func isNull(at column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    /// The current row's column (0-based) as an integer, nil for NULL.
    @inlinable public func optionalInt64(at column: Int32) -> Int64? { isNull(at: column) ? nil : int64(at: column) }

    /// The current row's column (0-based) as text; NULL reads as "" (for NOT NULL columns).
    @inlinable public func text(at column: Int32) -> String { string(at: column) ?? "" }

    /// The current row's column (0-based) as text, nil for NULL.
    @inlinable public func string(at column: Int32) -> String? {
        guard let text = sqlite3_column_text(handle, column) else { return nil }
        return String(cString: text)
    }

    /// Resets the statement and binds `values` to parameters 1, 2, …
    ///
    /// A count that does not match the statement's parameters is a programming error (checked
    /// in debug builds); a failing bind, which touches no file, can only be one too.
    @usableFromInline
    func bind<each Value: RawBindable>(_ values: repeat each Value) {
        sqlite3_reset(handle)
        var index: Int32 = 1
        for value in repeat each values {
            let code = value.bindParameter(index, of: handle)
            precondition(code == SQLITE_OK, "binding parameter \(index) of \(statement.sql) failed: \(code)")
            index += 1
        }
        assert(index - 1 == sqlite3_bind_parameter_count(handle),
               "\(index - 1) values for the \(sqlite3_bind_parameter_count(handle)) parameters of \(statement.sql)")
    }

    /// The error for a failed step, with SQLite's message and the statement's SQL.
    @usableFromInline
    func failure(_ code: Int32) -> DatabaseError {
        let message = sqlite3_errmsg(sqlite3_db_handle(handle)).map { String(cString: $0) }
        return DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
    }
}

/// A value ``RawStatement`` binds straight to an SQLite parameter.
public protocol RawBindable {
    /// Binds the value as parameter `index` (1-based); returns SQLite's result code.
    func bindParameter(_ index: Int32, of statement: SQLiteStatement) -> Int32
}

extension Int64: RawBindable {
    @inlinable public func bindParameter(_ index: Int32, of statement: SQLiteStatement) -> Int32 {
        sqlite3_bind_int64(statement, index, self)
    }
}

extension Int: RawBindable {
    @inlinable public func bindParameter(_ index: Int32, of statement: SQLiteStatement) -> Int32 {
        sqlite3_bind_int64(statement, index, Int64(self))
    }
}

extension Double: RawBindable {
    @inlinable public func bindParameter(_ index: Int32, of statement: SQLiteStatement) -> Int32 {
        sqlite3_bind_double(statement, index, self)
    }
}

extension String: RawBindable {
    /// Copied by SQLite (`SQLITE_TRANSIENT`): the binding outlives the call.
    @inlinable public func bindParameter(_ index: Int32, of statement: SQLiteStatement) -> Int32 {
        withCString { sqlite3_bind_text(statement, index, $0, -1, rawStatementTransient) }
    }
}

extension Optional: RawBindable where Wrapped: RawBindable {
    /// nil binds NULL.
    @inlinable public func bindParameter(_ index: Int32, of statement: SQLiteStatement) -> Int32 {
        switch self {
        case .some(let value): value.bindParameter(index, of: statement)
        case .none: sqlite3_bind_null(statement, index)
        }
    }
}

extension StaticString: RawBindable {
    /// Bound in place (`SQLITE_STATIC`): a static string lives as long as the program.
    @inlinable public func bindParameter(_ index: Int32, of statement: SQLiteStatement) -> Int32 {
        utf8Start.withMemoryRebound(to: CChar.self, capacity: utf8CodeUnitCount) {
            sqlite3_bind_text(statement, index, $0, Int32(utf8CodeUnitCount), nil)
        }
    }
}

/// A closed vocabulary stored as text (the states): bound from static strings, with no copy.
public protocol StaticTextBindable: RawBindable, CaseIterable, RawRepresentable where RawValue == String {
    /// The stored text, equal to `rawValue` (tests check every case).
    var staticText: StaticString { get }
}

extension StaticTextBindable {
    @inlinable public func bindParameter(_ index: Int32, of statement: SQLiteStatement) -> Int32 {
        staticText.bindParameter(index, of: statement)
    }
}

extension AssetState: StaticTextBindable {
    public var staticText: StaticString {
        switch self {
        case .pending: "pending"
        case .loaded: "loaded"
        case .failed: "failed"
        }
    }
}

extension GeocodeState: StaticTextBindable {
    public var staticText: StaticString {
        switch self {
        case .pending: "pending"
        case .resolved: "resolved"
        case .failed: "failed"
        }
    }
}

extension SyncJob.State: StaticTextBindable {
    public var staticText: StaticString {
        switch self {
        case .pending: "pending"
        case .running: "running"
        case .done: "done"
        case .failed: "failed"
        }
    }
}

/// SQLite's `SQLITE_TRANSIENT` destructor (a macro Swift does not import): copy the value now.
@inlinable var rawStatementTransient: sqlite3_destructor_type {
    unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
}
