import FeedStore
import FeedSync
import Foundation
import Hummingbird
import Logging
import NIOCore
import PhotoFeed
import ServiceLifecycle

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
    public let store: FeedStore
    public let host: String
    public let port: Int
    public let withSync: Bool
    public let logger: Logger
    /// The in-process sync daemon's clock (``withSync``).
    public let syncClock: any SyncClock
    let api: FeedAPI

    /// - Parameters:
    ///   - port: 0 picks a free port (``run(onListening:)`` tells which).
    ///   - withSync: also run the sync daemon in this process (``SyncDaemonService``).
    ///   - htmlPositionProbe: the HTML page carries ``HTMLFeedRenderer``'s position probe (browser tests).
    ///   - syncClock: the in-process daemon's clock (tests give a simulated one).
    public init(store: FeedStore, host: String = "127.0.0.1", port: Int = 8080, withSync: Bool = false,
                logger: Logger = Logger(label: "photofeed.serve"), htmlPositionProbe: Bool = false,
                syncClock: any SyncClock = RealClock()) throws {
        self.store = store
        self.host = host
        self.port = port
        self.withSync = withSync
        self.logger = logger
        self.syncClock = syncClock
        api = FeedAPI(controller: try FeedController(store: store), metrics: ServiceMetrics(),
                      watcher: try store.changeWatcher(), htmlPositionProbe: htmlPositionProbe)
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
        if withSync {
            let now = Int64((Date().timeIntervalSince1970 * 1000).rounded())
            services.append(SyncDaemonService(store: store, metrics: api.metrics, logger: logger, timeOrigin: now,
                                              clock: syncClock))
        }
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(
            services: services.map { ServiceGroupConfiguration.ServiceConfiguration(service: $0) },
            gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        defer { _ = try? store.writeLayoutCacheCounts() }
        try await group.run()
    }
}
