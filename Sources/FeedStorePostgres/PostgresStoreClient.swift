import Logging
import NIOCore
import NIOPosix
import PostgresNIO

/// The connections of one PostgreSQL store: a postgres-nio `PostgresClient` (a bounded pool) and
/// the task that runs it, owned together.
///
/// The client leases connections only while its `run()` is running: `init` starts it in a task
/// of this object's, and `deinit` cancels that task, which closes the client and its
/// connections. The store's copies share one instance, so the client lives as long as any copy
/// of the store, and a command or the sync worker needs nothing more than the store value. The
/// task runs on a NIO event loop thread (``EventLoopTaskExecutor``), never on Swift
/// concurrency's cooperative pool, whose threads callers of the synchronous API may all be
/// blocking (``BlockingBridge``).
///
/// The pool opens connections on demand up to ``maximumConnections``, closes one idle for
/// ``idleTimeout`` and keeps the idle ones alive with `SELECT 1`. Each connection starts with
/// the store's `application_name` (the URL's, else `photofeed` and the schema when there is one:
/// operators and tests tell the store's sessions apart in `pg_stat_activity`) and its
/// `search_path`, and uses TLS and waits for the server as the URL's `sslmode` and
/// `connect_timeout` say (``PostgresLocation``).
///
/// ``withSession(_:)`` adds the store's reconnect rules (``ReconnectPolicy``) on top of the pool.
final class PostgresStoreClient: Sendable {
    /// At most this many connections per store (per process).
    static let maximumConnections = 16
    /// An idle connection above the minimum is closed after this long.
    static let idleTimeout: Duration = .seconds(60)
    /// The longest a lease waits for a pooled connection while the server answers probes.
    static let longestLeaseWait: Duration = .seconds(60)
    /// The least time a probe is given to connect, even past the reconnect budget.
    static let shortestProbe: Duration = .seconds(1)

    let location: PostgresLocation
    let reconnect: ReconnectPolicy
    let client: PostgresClient
    let logger: Logger
    /// How long a lease may wait before the server is probed with a connection of its own
    /// (``PostgresStoreClient/lease(_:)``).
    var probeAfter: Duration { waitingLeases.interval }
    let prober: ServerProbe
    let waitingLeases: WaitingLeases
    private let running: Task<Void, Never>

    init(location: PostgresLocation, reconnect: ReconnectPolicy,
         eventLoops: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
         probeAfter: Duration = .milliseconds(500)) {
        self.location = location
        self.reconnect = reconnect
        prober = ServerProbe(freshness: probeAfter)
        waitingLeases = WaitingLeases(interval: probeAfter)
        var logger = Logger(label: "photofeed.postgres")
        logger.logLevel = .critical
        self.logger = logger
        var configuration = PostgresClient.Configuration(
            host: location.host, port: location.port, username: location.username, password: location.password,
            database: location.database, tls: location.tls.clientTLS(rootCertificates: location.sslRootCertificate))
        configuration.options.additionalStartupParameters = location.startupParameters()
        configuration.options.connectTimeout = .seconds(location.connectTimeout)
        configuration.options.minimumConnections = 0
        configuration.options.maximumConnections = Self.maximumConnections
        configuration.options.connectionIdleTimeout = Self.idleTimeout
        configuration.options.keepAliveBehavior = .init(frequency: .seconds(30), query: "SELECT 1")
        let client = PostgresClient(configuration: configuration, eventLoopGroup: eventLoops, backgroundLogger: logger)
        self.client = client
        running = Task(executorPreference: EventLoopTaskExecutor(eventLoop: eventLoops.next())) {
            await client.run()
        }
    }

    deinit {
        running.cancel()
    }

    /// Runs `body` with a session on a leased connection, running it again on another connection
    /// after the ``ReconnectPolicy``'s next delay when the connection is lost or cannot be made.
    ///
    /// An operation is one transaction or one read, which the server rolled back when the
    /// connection went, so running it again applies it once. A connection leased and then found
    /// lost is most often one the pool held idle when the server ended it (a restart ends them
    /// all): the operation runs again at once, on another, up to ``maximumConnections`` times,
    /// before the delays count. A statement the server does not answer within the session's
    /// deadline (``PostgresLocation/callDeadline``) closes its connection and counts as a loss,
    /// never retried at once. From the first loss (or the start of the attempt that could not
    /// connect) the policy's budget runs: once spent, or after the last delay, the operation fails
    /// with ``PostgresStoreError/unreachable(database:message:)``; every error comes back as a
    /// ``PostgresStoreError`` (or passes through when it is not postgres-nio's).
    ///
    /// With `waitingToReconnect` false (the service's reads: a request answers 503 at once
    /// rather than wait out the policy), a server that cannot be reached fails the first attempt,
    /// and its statements have no deadline of the session's: the service gives every read a
    /// shorter one of its own (`DeadlineServing`), which abandons the call.
    func withSession<T>(waitingToReconnect: Bool = true,
                        _ body: (PostgresSession) async throws -> T) async throws -> T {
        var attempt = 0, lostLeases = 0
        // When the server was first found out of reach in this operation.
        var outage: ContinuousClock.Instant?
        // What the last failed attempt said, for the line that reports the operation's failure.
        var lastFailure: String?
        let callDeadline = waitingToReconnect ? location.callDeadline : nil
        while true {
            var leased = false
            let started = ContinuousClock.now
            do {
                return try await lease(reachBy: reconnect.budget.map { (outage ?? started) + $0 }) { connection in
                    leased = true
                    return try await body(PostgresSession(connection: connection, logger: logger, deadline: callDeadline))
                }
            } catch where PostgresStoreError.isConnectionLoss(error) && PostgresStoreError.certificateFailure(error) == nil {
                let now = ContinuousClock.now
                let failure: any Error = error is ServerSilent ? ServerSilent(budget: reconnect.budget, after: lastFailure) : error
                if case .unreachable(_, let message)? = PostgresStoreError.wrap(failure, location: location)
                    as? PostgresStoreError, !(error is ServerSilent) {
                    lastFailure = message
                }
                if outage == nil { outage = leased ? now : started }
                if leased, lostLeases < Self.maximumConnections, !(error is CallDeadlineExceeded) {
                    lostLeases += 1
                    continue
                }
                let remaining = reconnect.budget.map { outage! + $0 - now }
                guard waitingToReconnect, attempt < reconnect.delays.count, remaining.map({ $0 > .zero }) ?? true else {
                    throw PostgresStoreError.wrap(failure, location: location)
                }
                await reconnect.wait(min(reconnect.delays[attempt], remaining ?? reconnect.delays[attempt]))
                attempt += 1
            } catch {
                throw PostgresStoreError.wrap(error, location: location)
            }
        }
    }
}

extension PostgresLocation {
    /// The startup parameters of the store's connections: the application name (`name`, else the
    /// URL's, else `photofeed` and the schema), the search path, the limits that free what a
    /// worker cut off from the server holds, and the URL's other `options`. A session idle inside
    /// a transaction for ``idleInTransactionTimeout`` is ended by the server, and with it the
    /// transaction and its locks (a worker frozen or partitioned between two statements of a
    /// batch); a statement running for ``statementTimeout`` is ended. A client whose host or
    /// network is gone is noticed by the server's TCP keepalives within about 25 s (10 s idle,
    /// then 3 probes 5 s apart). Without these, the rows such a worker locked stay locked until
    /// the kernel gives up on the connection, hours with default keepalives.
    func startupParameters(applicationName name: String? = nil) -> [(String, String)] {
        let applicationName = name ?? self.applicationName ?? "photofeed" + (searchPath.map { " \($0)" } ?? "")
        let limits = [
            ("idle_in_transaction_session_timeout", idleInTransactionTimeout == .zero
                ? "0" : String(max(1, Int(PostgresServerOptions.milliseconds(idleInTransactionTimeout)) ?? 1))),
            ("statement_timeout", PostgresServerOptions.milliseconds(statementTimeout)),
            ("tcp_keepalives_idle", "10"), ("tcp_keepalives_interval", "5"), ("tcp_keepalives_count", "3"),
        ].filter { serverSettings[$0.0] == nil }
        return [("application_name", applicationName)] + (searchPath.map { [("search_path", $0)] } ?? []) + limits
            + serverSettings.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}
