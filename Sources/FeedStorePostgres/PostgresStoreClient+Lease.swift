import Locking
import Logging
import NIOCore
import NIOPosix
import PostgresNIO

extension PostgresStoreClient {
    /// Runs `body` with a connection leased from the client, held for as long as `body` runs.
    ///
    /// The pool does not fail a lease when the server cannot be reached: it queues the lease and
    /// keeps trying to connect, for up to a minute. So a lease that waits longer than
    /// ``probeAfter`` probes the server with a connection of its own (``probe(by:)``): when that
    /// fails, the lease is given up and the probe's error is this attempt's (a connection loss,
    /// which ``withSession(_:)`` retries as its policy allows); when it succeeds the pool is only
    /// busy, and the lease waits on, probing again after each ``probeAfter``. A probe that has not
    /// connected by `reachBy`, or within ``shortestProbe`` of its start when that is later (a peer
    /// that accepts and says nothing, a lost network), fails as ``ServerSilent``; after a probe
    /// that succeeds, the next may take the policy's whole budget again.
    ///
    /// The lease is taken in a child task, which hands the connection over and holds the lease
    /// until `body` returns; `body` runs in the caller's task. The waits are timed by the
    /// client's ``WaitingLeases``.
    func lease<T>(reachBy: ContinuousClock.Instant? = nil,
                  _ body: (PostgresConnection) async throws -> T) async throws -> T {
        let (events, post) = AsyncStream<LeaseEvent>.makeStream()
        let holder = LeaseHolder()
        return try await withThrowingTaskGroup(of: Void.self, returning: T.self) { group in
            group.addTask { [client] in
                do {
                    try await client.withConnection { connection in
                        post.yield(.leased(connection))
                        await holder.hold()
                    }
                } catch {
                    post.yield(.failed(error))
                }
            }
            defer {
                holder.release()
                group.cancelAll()
            }
            let registration = waitingLeases.begin(post)
            let connection: PostgresConnection
            do {
                defer { waitingLeases.end(registration) }
                connection = try await awaitConnection(events, registration: registration, reachBy: reachBy)
            }
            return try await body(connection)
        }
    }

    private func awaitConnection(_ events: AsyncStream<LeaseEvent>, registration: Int,
                                 reachBy: ContinuousClock.Instant?) async throws -> PostgresConnection {
        var waited = Duration.zero, reachBy = reachBy
        for await event in events {
            switch event {
            case .leased(let connection): return connection
            case .failed(let error): throw error
            case .waited:
                waitingLeases.heard(registration)
                // A probe has at least `shortestProbe` to connect, however late this task ran: a
                // process starved of threads past the budget has not given the server its chance.
                try await probe(by: reachBy.map { max($0, .now + Self.shortestProbe) })
                if let budget = reconnect.budget, let deadline = reachBy {
                    reachBy = max(deadline, .now + budget)
                }
                // A server that answers probes while the pool hands out nothing for this long is
                // not "only busy": the attempt fails as a lost connection, which the reconnect
                // policy retries, rather than wait for ever.
                waited += probeAfter
                guard waited < Self.longestLeaseWait else { throw LeaseWaitExceeded(waited: waited) }
            }
        }
        throw CancellationError()
    }

    /// Connects to the server apart from the pool and closes the connection again; throws the
    /// connection's error when the server cannot be reached. Leases waiting at the same time
    /// share one probe (``ServerProbe``). Past `deadline` it throws ``ServerSilent``.
    func probe(by deadline: ContinuousClock.Instant? = nil) async throws {
        try await prober.probe(location: location, logger: logger, by: deadline)
    }
}

/// One probe of the server at a time: a lease that asks while a probe started less than
/// ``PostgresStoreClient/probeAfter`` ago shares its outcome, so a busy pool's waiting leases do
/// not each open a connection.
final class ServerProbe: Sendable {
    private let current = Locked<(task: Task<Void, any Error>, started: ContinuousClock.Instant)?>(nil)
    let freshness: Duration

    init(freshness: Duration) {
        self.freshness = freshness
    }

    func probe(location: PostgresLocation, logger: Logger, by deadline: ContinuousClock.Instant?) async throws {
        let now = ContinuousClock.now
        let task = current.withLock { current in
            if let current, current.started.duration(to: now) < freshness { return current.task }
            let eventLoop = MultiThreadedEventLoopGroup.singleton.next()
            let task = Task(executorPreference: EventLoopTaskExecutor(eventLoop: eventLoop)) {
                let connection = try await PostgresConnection.connect(
                    on: eventLoop, configuration: try location.connectionConfiguration(), id: 0, logger: logger)
                try? await connection.close()
            }
            current = (task, now)
            return task
        }
        guard let deadline else { return try await task.value }
        try await DeadlineWait.value(of: task, until: deadline) { ServerSilent() }
    }
}

/// A server that did not let a connection be made within what was left of the reconnect
/// budget (``ReconnectPolicy/budget``): counted as a lost connection.
struct ServerSilent: Error, CustomStringConvertible {
    /// The budget that was spent, when known.
    var budget: Duration?
    /// What went wrong before, when something did (the connection refused, or a statement not
    /// answered): the line says it instead of blaming the silence alone.
    var after: String?

    var description: String {
        let within = "within the reconnect budget" + (budget.map { " (\($0))" } ?? "")
        guard let after else { return "no connection \(within): the server did not answer" }
        return "\(after); no new connection \(within)"
    }
}

/// A lease that waited ``PostgresStoreClient/longestLeaseWait`` while the server answered probes:
/// counted as a lost connection (``PostgresStoreError/isConnectionLoss(_:)``).
struct LeaseWaitExceeded: Error, CustomStringConvertible {
    let waited: Duration
    var description: String { "no pooled connection within \(waited) while the server answered" }
}

/// What a waiting lease learns: its connection, its failure, or that it has waited
/// ``PostgresStoreClient/probeAfter`` more.
enum LeaseEvent: Sendable {
    case leased(PostgresConnection)
    case failed(any Error)
    case waited
}

/// Holds a lease until its borrower releases it; a release before the lease arrives lets it go
/// at once.
final class LeaseHolder: Sendable {
    private let state = Locked<(released: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

    /// Returns when ``release()`` is called (at once when it was), whether or not the task is
    /// cancelled.
    func hold() async {
        await withCheckedContinuation { waiter in
            let released = state.withLock { state in
                if !state.released { state.waiter = waiter }
                return state.released
            }
            if released { waiter.resume() }
        }
    }

    func release() {
        let waiter = state.withLock { state in
            state.released = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }
}

extension PostgresLocation {
    /// A single connection's configuration: the URL's TLS mode and connect timeout, the store's
    /// startup parameters, or another application name (the change watcher's).
    func connectionConfiguration(applicationName: String? = nil) throws -> PostgresConnection.Configuration {
        var configuration = PostgresConnection.Configuration(
            host: host, port: port, username: username, password: password, database: database,
            tls: try tls.connectionTLS(rootCertificates: sslRootCertificate))
        configuration.options.connectTimeout = .seconds(Int64(connectTimeout))
        configuration.options.additionalStartupParameters = startupParameters(applicationName: applicationName)
        return configuration
    }
}
