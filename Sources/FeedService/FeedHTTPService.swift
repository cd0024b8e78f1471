import FeedModel
import FeedStore
import FeedSync
import Foundation
import Hummingbird
import Logging
import NIOCore
import PhotoFeed
import ServiceLifecycle
import TextLayout

/// The feed over HTTP (docs/openapi.yaml): a Hummingbird application on ``FeedRouter``'s routes,
/// and, with the sync daemon, a ``ServiceGroup`` that runs both and stops them on SIGTERM or
/// SIGINT: the server stops accepting, finishes the requests in flight, the daemon finishes its
/// write in flight, and ``run()`` returns.
///
/// ```swift
/// let service = try FeedHTTPService(store: store, host: "127.0.0.1", port: 8080)
/// try await service.run()
/// ```
public struct FeedHTTPService: Sendable {
    /// The store it serves: a SQLite ``FeedStore`` or another behind the seam (PostgreSQL).
    public let store: any FeedStoring
    public let host: String
    public let port: Int
    public let withSync: Bool
    public let logger: Logger
    /// The in-process sync daemon's clock (``withSync``).
    public let syncClock: any SyncClock
    /// The fonts layouts are measured with and the HTML page loads (`--fonts`).
    public let measurer: TextMeasurer
    let api: FeedAPI

    /// - Parameters:
    ///   - port: 0 picks a free port (``run(onListening:)`` tells which).
    ///   - withSync: also run a sync worker in this process (``SyncDaemonService``), on SQLite (under
    ///     the file's sync lock) or PostgreSQL (beside any other workers).
    ///   - htmlPositionProbe: the HTML page carries ``HTMLFeedRenderer``'s position probe (browser tests).
    ///   - syncClock: the in-process daemon's clock (tests give a simulated one).
    ///   - responseCache: keep responses until the database changes (off: every request reads
    ///     the store; the benchmarks of the store path).
    ///
    /// A store that can watch its database (``ChangeWatchingStore``) gets its responses cached
    /// until the database changes (``ResponseCache``); any other is answered afresh every time.
    public init(store: any FeedStoring, host: String = "127.0.0.1", port: Int = 8080, withSync: Bool = false,
                logger: Logger = Logger(label: "photofeed.serve"), htmlPositionProbe: Bool = false,
                syncClock: any SyncClock = RealClock(), measurer: TextMeasurer = .shared,
                responseCache: Bool = true) throws {
        self.measurer = measurer
        self.store = store
        self.host = host
        self.port = port
        self.withSync = withSync
        self.logger = logger
        self.syncClock = syncClock
        api = FeedAPI(controller: try FeedController(store: store, measurer: measurer), metrics: ServiceMetrics(),
                      watcher: responseCache ? try (store as? any ChangeWatchingStore)?.changeWatcher() : nil,
                      htmlPositionProbe: htmlPositionProbe, fonts: measurer.fonts)
    }

    /// The Hummingbird application: the routes at `host`:`port`; `onListening` gets the bound port.
    public func application(onListening: @escaping @Sendable (Int) async -> Void = { _ in })
        -> some ApplicationProtocol {
        Application(router: FeedRouter.make(api: api),
                    configuration: ApplicationConfiguration(address: .hostname(host, port: port),
                                                            serverName: "photofeed"),
                    onServerRunning: { channel in await onListening(channel.localAddress?.port ?? port) },
                    logger: logger)
    }

    /// Serves until SIGTERM or SIGINT, then shuts down gracefully and writes the layout cache
    /// counts gathered in memory.
    public func run(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        var services: [any Service] = [application(onListening: onListening)]
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
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(
            services: services.map { ServiceGroupConfiguration.ServiceConfiguration(service: $0) },
            gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        defer { _ = try? store.writeLayoutCacheCounts() }
        try await group.run()
    }
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
