import Foundation
import Logging
import NIOCore
import PostgresNIO

/// One connection lent to one store operation: statements sent and waited for on the caller's
/// thread (``PostgresConnectionPool``), and transactions.
struct PostgresSession {
    let connection: PostgresConnection
    let logger: Logger

    /// Runs one statement (extended protocol, parameters bound) and returns its rows.
    @discardableResult
    func query(_ query: PostgresQuery) throws -> PostgresQueryResult {
        try connection.query(query, logger: logger).wait()
    }

    /// Runs one statement and returns how many rows it changed.
    @discardableResult
    func execute(_ query: PostgresQuery) throws -> Int {
        try self.query(query).metadata.rows ?? 0
    }

    /// Runs a script of several statements (no parameters), one by one: a migration file.
    func script(_ sql: String) throws {
        for statement in SQLScript.statements(sql) {
            try execute(PostgresQuery(unsafeSQL: statement))
        }
    }

    /// Copies `rows` (``CopyTextRows``) into `table`'s `columns` with `COPY … FROM STDIN`.
    ///
    /// postgres-nio offers COPY only as an `async` function: it runs in a task whose jobs run on
    /// the connection's event loop (``EventLoopTaskExecutor``), and this thread waits for it.
    /// Table and column names are this module's own, never user input.
    func copy(into table: String, columns: [String], rows: ByteBuffer) throws {
        let connection = self.connection
        let logger = self.logger
        let done = connection.eventLoop.makePromise(of: Void.self)
        Task(executorPreference: EventLoopTaskExecutor(eventLoop: connection.eventLoop)) {
            do {
                try await connection.copyFrom(table: table, columns: columns, logger: logger) { writer in
                    var rows = rows
                    while rows.readableBytes > 0, let chunk = rows.readSlice(length: min(rows.readableBytes, 1 << 20)) {
                        try await writer.write(chunk)
                    }
                }
                done.succeed()
            } catch {
                done.fail(error)
            }
        }
        try done.futureResult.wait()
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN")
        let result: T
        do {
            result = try body()
        } catch {
            if !PostgresStoreError.isConnectionLoss(error) { _ = try? execute("ROLLBACK") }
            throw error
        }
        try execute("COMMIT")
        return result
    }

    /// A transaction that only reads, from one snapshot (REPEATABLE READ).
    func readTransaction<T>(_ body: () throws -> T) throws -> T {
        try transaction {
            try execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            return try body()
        }
    }
}
