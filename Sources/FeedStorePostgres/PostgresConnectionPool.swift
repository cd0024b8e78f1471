import Logging
import NIOCore
import NIOPosix
import PostgresNIO
import Synchronization

/// The connections of one PostgreSQL store, and the bridge from its synchronous API to
/// postgres-nio.
///
/// The store's protocols (``FeedReading`` and the rest) are synchronous, like the SQLite store
/// they share with the sync worker and the commands. Each call runs on its caller's thread: it
/// takes an idle connection (or opens one), sends its statements with postgres-nio's
/// `EventLoopFuture` API and waits for each answer on that thread. The event loops only move
/// bytes and never wait, so they cannot be blocked by a caller; and since nothing runs on Swift
/// concurrency's cooperative pool, a caller that blocks one of its threads cannot starve the
/// work it waits for. A call from an event loop thread would wait on itself: that is a
/// programmer error (a precondition).
///
/// A connection lost in the middle of an operation (or one that cannot be made) is closed, with
/// every idle one (after a server restart they are all gone), and the whole operation runs again
/// on a new connection after the ``ReconnectPolicy``'s next delay. An operation is one
/// transaction or one read, which the server rolled back when the connection went, so running
/// it again applies it once. After the last delay it fails with
/// ``PostgresStoreError/unreachable(database:message:)``.
final class PostgresConnectionPool: Sendable {
    let location: PostgresLocation
    let reconnect: ReconnectPolicy
    private let configuration: PostgresConnection.Configuration
    private let eventLoops: any EventLoopGroup
    private let idle = Mutex<[PostgresConnection]>([])
    private let nextID = Atomic<Int>(1)
    private let logger: Logger

    init(location: PostgresLocation, reconnect: ReconnectPolicy,
         eventLoops: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) {
        self.location = location
        self.reconnect = reconnect
        self.eventLoops = eventLoops
        var configuration = PostgresConnection.Configuration(
            host: location.host, port: location.port, username: location.username, password: location.password,
            database: location.database, tls: .disable)
        // The application name lets an operator tell the store's sessions apart (pg_stat_activity).
        let applicationName = "photofeed" + (location.searchPath.map { " \($0)" } ?? "")
        configuration.options.additionalStartupParameters = [("application_name", applicationName)]
            + (location.searchPath.map { [("search_path", $0)] } ?? [])
        self.configuration = configuration
        var logger = Logger(label: "photofeed.postgres")
        logger.logLevel = .critical
        self.logger = logger
    }

    deinit {
        for connection in idle.withLock({ $0 }) { Self.close(connection) }
    }

    /// Runs `body` with a connection of its own, reconnecting as the policy allows when the
    /// connection is lost; errors come back as ``PostgresStoreError``.
    func withSession<T>(_ body: (PostgresSession) throws -> T) throws -> T {
        precondition(MultiThreadedEventLoopGroup.currentEventLoop == nil,
                     "a synchronous PostgreSQL store call must not run on an event loop thread")
        var attempt = 0
        while true {
            var connection: PostgresConnection?
            do {
                let session = PostgresSession(connection: try checkout(), logger: logger)
                connection = session.connection
                let result = try body(session)
                checkin(session.connection)
                return result
            } catch where PostgresStoreError.isConnectionLoss(error) {
                if let connection { Self.close(connection) }
                closeIdle()
                guard attempt < reconnect.delays.count else {
                    throw PostgresStoreError.wrap(error, database: location.description)
                }
                reconnect.wait(reconnect.delays[attempt])
                attempt += 1
            } catch {
                // The session rolled back its transaction: the connection is usable.
                if let connection { checkin(connection) }
                throw PostgresStoreError.wrap(error, database: location.description)
            }
        }
    }

    private func checkout() throws -> PostgresConnection {
        if let connection = idle.withLock({ $0.popLast() }), !connection.isClosed { return connection }
        let id = nextID.add(1, ordering: .relaxed).oldValue
        return try PostgresConnection.connect(on: eventLoops.next(), configuration: configuration, id: id,
                                              logger: logger).wait()
    }

    private func checkin(_ connection: PostgresConnection) {
        guard !connection.isClosed else { return }
        idle.withLock { $0.append(connection) }
    }

    private func closeIdle() {
        for connection in idle.withLock({ connections in defer { connections = [] }; return connections }) {
            Self.close(connection)
        }
    }

    /// Closes `connection` without waiting for it; the connection lives until it is closed.
    private static func close(_ connection: PostgresConnection) {
        let closing: EventLoopFuture<Void> = connection.close()
        closing.whenComplete { _ in withExtendedLifetime(connection) {} }
    }
}
