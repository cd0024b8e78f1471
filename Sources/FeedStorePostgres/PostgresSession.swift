import Foundation
import Logging
import NIOCore
import PostgresNIO

/// One connection lent to one store operation (``PostgresStoreClient/withSession(_:)``):
/// statements, prepared statements, COPY and transactions, each awaited without blocking a
/// thread.
///
/// Every call has a `deadline` (``PostgresLocation/callDeadline``, a little longer than the
/// server's `statement_timeout`, so a server that answers ends a slow statement first): a call
/// the server has not answered by then (the server or the network between is frozen) throws
/// ``CallDeadlineExceeded``, a lost connection, and closes the connection.
struct PostgresSession {
    let connection: PostgresConnection
    let logger: Logger
    var deadline: Duration?

    init(connection: PostgresConnection, logger: Logger, deadline: Duration? = nil) {
        self.connection = connection
        self.logger = logger
        self.deadline = deadline
    }

    /// Runs one statement (extended protocol, parameters bound) and returns its rows, all read.
    @discardableResult
    func query(_ query: PostgresQuery) async throws -> PostgresQueryResult {
        try await withinDeadline { [connection, logger] in
            let answer: EventLoopFuture<PostgresQueryResult> = connection.query(query, logger: logger)
            return try await answer.get()
        }
    }

    /// Runs one statement and returns how many rows it changed.
    @discardableResult
    func execute(_ query: PostgresQuery) async throws -> Int {
        try await self.query(query).metadata.rows ?? 0
    }

    /// Runs a prepared statement (the server plans it once per connection) and returns its rows.
    func rows<Statement: PostgresPreparedStatement>(_ statement: Statement) async throws -> [Statement.Row]
        where Statement.Row: Sendable {
        try await withinDeadline { [connection, logger] in
            var rows: [Statement.Row] = []
            for try await row in try await connection.execute(statement, logger: logger) {
                rows.append(row)
            }
            return rows
        }
    }

    /// Runs a script of several statements (no parameters), one by one: a migration file.
    func script(_ sql: String) async throws {
        for statement in SQLScript.statements(sql) {
            try await execute(PostgresQuery(unsafeSQL: statement))
        }
    }

    /// Copies `rows` (``CopyTextRows``) into `table`'s `columns` with `COPY … FROM STDIN`: one
    /// statement for each `statementBytes` of whole rows (64 MiB), so that no statement of a large
    /// seed runs into the session's `statement_timeout` or the call's deadline, each sent in
    /// chunks of 1 MiB. Table and column names are this module's own, never user input.
    func copy(into table: String, columns: [String], rows: ByteBuffer, statementBytes: Int = 64 << 20) async throws {
        var rows = rows
        while rows.readableBytes > 0 {
            let statement = Self.wholeRows(&rows, upTo: statementBytes)
            try await withinDeadline { [connection, logger] in
                try await connection.copyFrom(table: table, columns: columns, logger: logger) { writer in
                    var statement = statement
                    while statement.readableBytes > 0,
                          let chunk = statement.readSlice(length: min(statement.readableBytes, 1 << 20)) {
                        try await writer.write(chunk)
                    }
                }
            }
        }
    }

    /// Reads the first rows of `rows` (each ends with a newline, which COPY's text format escapes
    /// inside values) that fit in `limit` bytes, or the first row alone when it does not fit.
    static func wholeRows(_ rows: inout ByteBuffer, upTo limit: Int) -> ByteBuffer {
        let view = rows.readableBytesView, start = view.startIndex
        var length = view.count
        if length > limit {
            let newline = view[start ..< start + limit].lastIndex(of: UInt8(ascii: "\n"))
                ?? view.firstIndex(of: UInt8(ascii: "\n"))
            length = newline.map { $0 + 1 - start } ?? length
        }
        return rows.readSlice(length: length) ?? ByteBuffer()
    }

    /// `call`'s outcome, or ``CallDeadlineExceeded`` once ``deadline`` has passed without it,
    /// whether or not the call ever ends: it runs in a task of its own (on the store's threads),
    /// which is left behind at the deadline, when the connection is closed (which fails it, if it
    /// still can fail). Cancelling the caller cancels the call.
    private func withinDeadline<T: Sendable>(_ call: @escaping @Sendable () async throws -> T) async throws -> T {
        guard let deadline else { return try await call() }
        let connection = self.connection
        let work = Task(executorPreference: StoreTaskExecutor.shared) { try await call() }
        return try await withTaskCancellationHandler {
            do {
                return try await DeadlineWait.value(of: work, until: .now + deadline) {
                    CallDeadlineExceeded(deadline: deadline)
                }
            } catch let error as CallDeadlineExceeded {
                let _: EventLoopFuture<Void> = connection.close()
                throw error
            }
        } onCancel: {
            work.cancel()
        }
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    func transaction<T>(_ body: () async throws -> T) async throws -> T {
        try await execute("BEGIN")
        let result: T
        do {
            result = try await body()
        } catch {
            if !PostgresStoreError.isConnectionLoss(error) { _ = try? await execute("ROLLBACK") }
            throw error
        }
        try await execute("COMMIT")
        return result
    }

    /// A transaction that only reads, from one snapshot (REPEATABLE READ).
    func readTransaction<T>(_ body: () async throws -> T) async throws -> T {
        try await transaction {
            try await execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            return try await body()
        }
    }
}

/// A statement the server did not answer within the session's deadline: its connection was
/// closed, and the operation counts as a lost connection (``PostgresStoreError/isConnectionLoss(_:)``).
struct CallDeadlineExceeded: Error, CustomStringConvertible {
    let deadline: Duration
    var description: String { "the server did not answer a statement within \(deadline)" }
}
