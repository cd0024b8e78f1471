import FeedModel
import Locking
import Logging
import NIOCore
import NIOPosix
import PostgresNIO

/// Watches a PostgreSQL store's database for commits by any process on any machine: the
/// PostgreSQL ``ChangeWatching``, through `LISTEN`/`NOTIFY`.
///
/// Every write transaction of ``PostgresFeedStore`` sends a notification on the store's channel
/// (``PostgresLocation/changeChannel``) before it commits; PostgreSQL delivers it to listeners
/// when, and only if, the transaction commits. The watcher keeps one connection of its own that
/// listens on the channel, from a task it starts, and counts: each notification adds one to the
/// version, so ``version()`` reads memory and never the database. A cached response outlives a
/// commit by at most the notification's way from the committing server to this connection
/// (PostgreSQL sends it as the commit ends).
///
/// Without a listening connection (before the first `LISTEN` is answered, after the connection is
/// lost, while reconnecting) the watcher cannot know, so every call returns a new number and
/// nothing is trusted; once it listens again it counts one more change, for the commits it
/// missed. It reconnects with doubling delays from 50 ms up to 2 s, for as long as it lives.
///
/// ```swift
/// let watcher = PostgresChangeWatcher(location: store.location)
/// let before = watcher.version()
/// // … a sync worker on another machine commits; its notification arrives …
/// watcher.version() != before  // true
/// ```
public final class PostgresChangeWatcher: ChangeWatching {
    public let channel: String
    private let state: WatchState
    private let listening: Task<Void, Never>

    /// - Parameters:
    ///   - clock: waits between attempts to reconnect.
    public init(location: PostgresLocation, clock: any Clock<Duration> = ContinuousClock(),
                eventLoops: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) {
        let state = WatchState()
        let channel = location.changeChannel
        self.state = state
        self.channel = channel
        // The listening task runs on its connection's event loop, not on the cooperative pool,
        // whose threads synchronous store calls may all occupy while a server is busy.
        let eventLoop = eventLoops.next()
        listening = Task(executorPreference: EventLoopTaskExecutor(eventLoop: eventLoop)) {
            await Self.listen(location: location, channel: channel, state: state, clock: clock,
                              eventLoop: eventLoop)
        }
    }

    deinit {
        listening.cancel()
    }

    public func version() -> Int64 {
        state.version()
    }

    /// Whether the watcher listens now (its `LISTEN` was answered and the connection stands).
    public var isListening: Bool {
        state.isListening
    }

    /// Waits until the watcher listens; tests wait for it before they count on notifications.
    public func untilListening() async {
        while !state.isListening, !Task.isCancelled {
            await Task.yield()
        }
    }

    /// Connects, listens and counts notifications until cancelled, connecting again after each loss.
    private static func listen(location: PostgresLocation, channel: String, state: WatchState,
                               clock: any Clock<Duration>, eventLoop: any EventLoop) async {
        var logger = Logger(label: "photofeed.postgres.watcher")
        logger.logLevel = .critical
        var delay = Duration.milliseconds(50)
        while !Task.isCancelled {
            do {
                let connection = try await PostgresConnection.connect(
                    on: eventLoop, configuration: try location.watcherConfiguration(), id: 0, logger: logger)
                defer { Self.close(connection) }
                try await connection.listen(on: channel) { notifications in
                    state.startListening()
                    delay = .milliseconds(50)
                    for try await _ in notifications {
                        state.changed()
                    }
                }
            } catch {
                // Lost, refused or cancelled: below.
            }
            state.stopListening()
            guard !Task.isCancelled else { return }
            try? await clock.sleep(for: delay)
            delay = min(delay * 2, .seconds(2))
        }
    }

    private static func close(_ connection: PostgresConnection) {
        let closing: EventLoopFuture<Void> = connection.close()
        closing.whenComplete { _ in withExtendedLifetime(connection) {} }
    }
}

/// The watcher's count and whether it listens, shared by its callers and its listening task.
private final class WatchState: Sendable {
    private let state = Locked<(version: Int64, listening: Bool)>((0, false))

    var isListening: Bool { state.withLock { $0.listening } }

    /// The count while listening; a new number on every call otherwise.
    func version() -> Int64 {
        state.withLock { state in
            if !state.listening { state.version += 1 }
            return state.version
        }
    }

    func changed() {
        state.withLock { $0.version += 1 }
    }

    /// Listening from now on; what was committed before is one more change.
    func startListening() {
        state.withLock { $0 = ($0.version + 1, true) }
    }

    func stopListening() {
        state.withLock { $0 = ($0.version + 1, false) }
    }
}

extension PostgresLocation {
    /// The notification channel of the store at this location: one per database and schema, so
    /// that stores in other schemas of the same database (tests) do not wake each other. Only
    /// ASCII letters, digits and underscores of the schema's name are kept, and the name is cut
    /// to PostgreSQL's 63 bytes: two schemas that come out the same only wake each other.
    public var changeChannel: String {
        guard let searchPath else { return "photofeed_changes" }
        let kept = searchPath.unicodeScalars.filter { $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic
                                                                      || ("0"..."9").contains($0)) }
        return String(("photofeed_changes_" + String(String.UnicodeScalarView(kept))).prefix(63))
    }

    /// A connection of the change watcher's (its own application name, for pg_stat_activity).
    func watcherConfiguration() throws -> PostgresConnection.Configuration {
        try connectionConfiguration(applicationName: "photofeed watcher" + (searchPath.map { " \($0)" } ?? ""))
    }
}

extension PostgresSession {
    /// Tells the store's change watchers (``PostgresChangeWatcher``) that this transaction
    /// changes the database: PostgreSQL delivers the notification if and when it commits.
    func notifyChange(on channel: String) async throws {
        try await execute("SELECT pg_notify(\(channel), '')")
    }
}

extension PostgresFeedStore: ChangeWatchingStore {
    /// A watcher of this store's database (``PostgresChangeWatcher``).
    public func changeWatcher() throws -> (any ChangeWatching)? {
        PostgresChangeWatcher(location: location)
    }
}
