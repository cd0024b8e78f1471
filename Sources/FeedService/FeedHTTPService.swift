import FeedModel
import FeedStore
import FeedSync
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import PhotoFeed
import ServiceLifecycle
import TextLayout

/// The feed over HTTP (docs/openapi.yaml): a Hummingbird application on ``FeedRouter``'s routes,
/// and, with the sync daemon, a ``ServiceGroup`` that runs both and stops them on SIGTERM or
/// SIGINT: the server drains (``ShutdownDrain``: it answers 503 until connections stop coming),
/// stops accepting, finishes the requests in flight, the daemon finishes its write in flight, and
/// ``run()`` returns.
///
/// ```swift
/// let service = try FeedHTTPService(store: store, host: "127.0.0.1", port: 8080)
/// try await service.run()
/// ```
public struct FeedHTTPService: Sendable {
    /// The store it serves: a SQLite ``FeedStore`` or another behind the seam (PostgreSQL).
    public let store: any FeedStoring & FeedServing
    public let host: String
    public let port: Int
    public let withSync: Bool
    public let logger: Logger
    /// The in-process sync daemon's clock (``withSync``).
    public let syncClock: any SyncClock
    /// The fonts layouts are measured with and the HTML page loads (`--fonts`).
    public let measurer: TextMeasurer
    let api: FeedAPI
    /// What SIGTERM does first: answer 503 until no connection comes for a moment.
    let drain = ShutdownDrain()

    /// - Parameters:
    ///   - port: 0 picks a free port (``run(onListening:)`` tells which).
    ///   - withSync: also run a sync worker in this process (``SyncDaemonService``), on SQLite (under
    ///     the file's sync lock) or PostgreSQL (beside any other workers).
    ///   - htmlProbe: what the HTML page carries for browser tests (``HTMLTestProbe``).
    ///   - syncClock: the in-process daemon's clock (tests give a simulated one).
    ///   - responseCache: keep responses until the database changes (off: every request reads
    ///     the store; the benchmarks of the store path).
    ///   - storeDeadline: the longest a request waits for one store call before answering 503, plus
    ///     2 ms for each row the call reads or writes (``DeadlineServing``).
    ///
    /// A store that can watch its database (``ChangeWatchingStore``) gets its responses cached
    /// until the database changes (``ResponseCache``); any other is answered afresh every time.
    public init(store: any FeedStoring & FeedServing, host: String = "127.0.0.1", port: Int = 8080, withSync: Bool = false,
                logger: Logger = Logger(label: "photofeed.serve"), htmlProbe: HTMLTestProbe = .none,
                syncClock: any SyncClock = RealClock(), measurer: TextMeasurer = .shared,
                responseCache: Bool = true, storeDeadline: Duration = .seconds(3),
                idleTimeout: TimeAmount = .seconds(10), changeStream: ChangeStreamSettings = ChangeStreamSettings()) throws {
        self.idleTimeout = idleTimeout
        self.measurer = measurer
        self.store = store
        self.host = host
        self.port = port
        self.withSync = withSync
        self.logger = logger
        self.syncClock = syncClock
        let watcher = try (store as? any ChangeWatchingStore)?.changeWatcher()
        api = FeedAPI(controller: try FeedController(store: store, measurer: measurer),
                      store: DeadlineServing(store: store, deadline: storeDeadline), metrics: ServiceMetrics(),
                      watcher: responseCache ? watcher : nil,
                      changes: (store as? any ChangeLogReading).map { ($0, watcher, changeStream) },
                      htmlProbe: htmlProbe, fonts: measurer.fonts, logger: logger)
    }

    /// How long a connection may go without a whole request head (or, between requests, without
    /// a new one) before the server closes it: a client that sends half a request and waits
    /// holds its descriptor this long at most (10 s unless tests say otherwise).
    public let idleTimeout: TimeAmount

    /// The most connections served at once: half the process's descriptor limit (the rest are for
    /// the database, the fonts and the logs), at most 4,096. Past it the server stops accepting,
    /// and new connections wait in the listen backlog until one closes.
    public static let connectionLimit: Int = {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 512 }
        return Int(min(4_096, max(64, limit.rlim_cur / 2)))
    }()

    /// The Hummingbird application: the routes at `host`:`port`; `onListening` gets the bound port.
    public func application(onListening: @escaping @Sendable (Int) async -> Void = { _ in })
        -> some ApplicationProtocol {
        Application(router: FeedRouter.make(api: api, drain: drain),
                    server: .http1(configuration: HTTP1Channel.Configuration(
                        additionalChannelHandlers: OversizedRequestHead.handlers()
                            + [ShutdownDrain.ConnectionHandler(drain: drain)],
                        idleTimeout: idleTimeout,
                        httpDecoderConfiguration: OversizedRequestHead.decoderLimits)),
                    configuration: ApplicationConfiguration(
                        address: .hostname(host, port: port), serverName: "photofeed",
                        availableConnectionsDelegate: MaximumAvailableConnections(Self.connectionLimit)),
                    onServerRunning: { channel in await onListening(channel.localAddress?.port ?? port) },
                    logger: logger)
    }

    /// Serves until SIGTERM or SIGINT, then shuts down gracefully and writes the layout cache
    /// counts gathered in memory. A socket that cannot listen throws ``ListenError``; a SQLite
    /// file replaced or removed while served shuts the server down the same way and throws
    /// ``DatabaseFileReplaced`` (``DatabaseFileService``).
    public func run(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        var services: [any Service] = [application(onListening: onListening)]
        // First, so that it stops last, after the requests and the daemon: its last check sees
        // a replacement that came while they finished.
        if let file = store as? FeedStore { services.insert(DatabaseFileService(store: file), at: 0) }
        // On a SQLite file, the in-process worker's sync lock is taken before anything starts,
        // and held until the group has stopped: a daemon already running fails start-up with its
        // one error, before the server listens. A PostgreSQL queue needs no lock.
        var syncLock: SyncLock?
        defer { syncLock?.release() }
        if withSync {
            guard let queue = store as? any MigratingFeedStore else { throw ServeError.syncNeedsJobQueue }
            if let file = store as? FeedStore {
                syncLock = try file.lockForSync()
                try file.releaseRunningJobs()
            }
            services.append(SyncDaemonService(store: queue, metrics: api.metrics, logger: logger,
                                              clock: syncClock, measurer: measurer))
        }
        // Last, so that it stops first: the group stops services in reverse order, each in turn.
        services.append(ShutdownDrain.Service(drain: drain))
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(
            services: services.map { service in
                // A replaced database file, or a daemon that fails (its store gone), stops the
                // group as SIGTERM does: the drain answers 503, the requests in flight finish.
                let graceful = service is DatabaseFileService || service is SyncDaemonService
                return ServiceGroupConfiguration.ServiceConfiguration(
                    service: service, failureTerminationBehavior: graceful ? .gracefullyShutdownGroup : .cancelGroup)
            },
            gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        defer { _ = try? store.writeLayoutCacheCounts() }
        do {
            try await group.run()
        } catch {
            throw ListenError(error, host: host, port: port) ?? error
        }
    }
}

/// What the HTML page carries for browser tests.
public enum HTMLTestProbe: Sendable {
    /// Nothing: the page users get.
    case none
    /// ``HTMLFeedRenderer``'s position probe, on a page that does not follow changes.
    case positions
    /// A page that follows changes and never fires its load event (``HTMLFeedRenderer/holdsLoadEvent``).
    case liveUpdates
}

/// A server that cannot start as asked.
public enum ServeError: Error, Equatable, CustomStringConvertible {
    /// `--with-sync` on a store without a sync job queue (neither SQLite nor PostgreSQL).
    case syncNeedsJobQueue

    public var description: String {
        switch self {
        case .syncNeedsJobQueue: "--with-sync needs a store with a sync job queue (SQLite or PostgreSQL)"
        }
    }
}
