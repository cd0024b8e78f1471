import FeedAPIModel
import FeedModel
import Locking
import Logging
import PhotoFeed

/// The server's one reader of the change log, and the fan-out of what it reads to the clients of
/// `GET /v1/changes` (``ChangeSubscriber``).
///
/// While anyone subscribes, a task follows the log from its head: every ``ChangeStreamSettings/pollInterval``
/// it asks the store's change watcher whether anything was committed (a SQLite file's
/// `data_version`, a PostgreSQL notification; a read each ``ChangeStreamSettings/fallbackRead``
/// whatever it says), and reads the new changes when it was. The latest change of each photo is
/// laid out once for each width and scale that subscribers asked for (``ChangedCellRenderer``),
/// where a subscriber of that width and scale follows the photo, and queued to each subscriber
/// that follows it, with its event, under one lock with the hub's position, so a
/// subscriber registered at position p receives every change after p and none before.
///
/// A store that cannot be read leaves the position where it was; the next tick reads again. The
/// hub never waits for a client: a slow one's backlog coalesces by photo (``ChangeBacklog``).
final class ChangeHub: Sendable {
    let log: any ChangeLogReading
    let serving: any FeedServing
    let controller: FeedController
    let executor: any LayoutExecuting
    let watcher: (any ChangeWatching)?
    let settings: ChangeStreamSettings
    let metrics: ServiceMetrics
    let logger: Logger
    private let state = Locked(HubState())

    private struct HubState {
        /// The last sequence number read (nil while nobody subscribes).
        var position: Int64?
        var subscribers: [ObjectIdentifier: ChangeSubscriber] = [:]
        var following: Task<Void, Never>?
        /// How many subscribers follow each photo, and how many follow every photo: a change
        /// nobody follows costs no layout and no subscriber's lock.
        var followers: [Int64: Int] = [:]
        var followersOfAll = 0
        /// Counts subscriptions, so that a read can tell whether one came while it laid out.
        var generation = 0

        func isFollowed(_ photoID: Int64) -> Bool {
            followersOfAll > 0 || followers[photoID] != nil
        }

        mutating func count(_ subscriber: ChangeSubscriber, by step: Int) {
            guard let photos = subscriber.photos else { return followersOfAll += step }
            for photo in photos {
                let count = followers[photo, default: 0] + step
                followers[photo] = count > 0 ? count : nil
            }
        }
    }

    init(log: any ChangeLogReading, serving: any FeedServing, controller: FeedController, executor: any LayoutExecuting,
         watcher: (any ChangeWatching)?, settings: ChangeStreamSettings, metrics: ServiceMetrics, logger: Logger) {
        self.log = log
        self.serving = serving
        self.controller = controller
        self.executor = executor
        self.watcher = watcher
        self.settings = settings
        self.metrics = metrics
        self.logger = logger
    }

    deinit {
        state.withLock { $0.following?.cancel() }
    }

    /// The renderer of cells `group` wide.
    func renderer(_ group: ChangeGroup) -> ChangedCellRenderer {
        ChangedCellRenderer(controller: controller, store: serving, executor: executor, width: group.width,
                            scale: group.scale)
    }

    /// Registers `subscriber` and returns the position it starts at: it will be sent every change
    /// after it. The first subscriber reads the log's head and starts the following task.
    func subscribe(_ subscriber: ChangeSubscriber) async throws -> Int64 {
        let head = state.withLock { $0.position } == nil ? try await log.changes(after: .max, limit: 1).head : nil
        let position = state.withLock { state in
            if state.position == nil { state.position = head }
            state.subscribers[ObjectIdentifier(subscriber)] = subscriber
            state.count(subscriber, by: 1)
            state.generation += 1
            if state.following == nil {
                state.following = Task { [weak self, clock = settings.clock] in
                    guard let self else { return }
                    await follow(clock: clock)
                }
            }
            return state.position ?? 0
        }
        metrics.changeSubscribers.increment()
        return position
    }

    /// Forgets `subscriber`; the last one out stops the following task.
    func unsubscribe(_ subscriber: ChangeSubscriber) {
        state.withLock { state in
            guard state.subscribers.removeValue(forKey: ObjectIdentifier(subscriber)) != nil else { return }
            state.count(subscriber, by: -1)
            if state.subscribers.isEmpty {
                state.following?.cancel()
                state = HubState()
            }
        }
        metrics.changeSubscribers.decrement()
    }

    /// Follows the log until cancelled.
    private func follow<C: Clock<Duration>>(clock: C) async {
        var wakeUps = ChangeLogWakeUps(watcher: watcher, fallback: settings.fallbackRead, now: clock.now)
        var lastBeat = clock.now
        while !Task.isCancelled {
            do {
                try await clock.sleep(for: settings.pollInterval)
            } catch {
                return
            }
            if wakeUps.isDue(at: clock.now) { await readNewChanges() }
            if lastBeat.duration(to: clock.now) >= settings.heartbeat {
                lastBeat = clock.now
                for subscriber in state.withLock({ Array($0.subscribers.values) }) { subscriber.update { $0.beat() } }
            }
        }
    }

    /// Reads, renders and queues every change after the hub's position, a page at a time.
    private func readNewChanges() async {
        while !Task.isCancelled, let position = state.withLock({ $0.position }) {
            do {
                var cursor = ChangeLogCursor(position: position)
                let step = try await cursor.next(from: log, pageSize: settings.pageSize)
                switch step {
                case .lost(_, let head):
                    publish(from: position, through: head) { state in
                        for subscriber in state.subscribers.values { subscriber.update { $0.resetAt(head) } }
                    }
                case .changes(let changes):
                    guard !changes.isEmpty else { return }
                    let (followed, generation) = state.withLock { state in
                        (changes.filter { state.isFollowed($0.photoID) }, state.generation)
                    }
                    let frames = followed.isEmpty ? [:] : try await render(followed)
                    publish(from: position, through: cursor.position) { state in
                        // A subscriber that came while the page was laid out chooses from all of it.
                        let candidates = state.generation == generation ? followed : changes
                        guard !candidates.isEmpty else { return }
                        for subscriber in state.subscribers.values {
                            subscriber.update { backlog in
                                for change in candidates where subscriber.follows(change.photoID) {
                                    backlog.add(change, frame: frames[subscriber.group]?[change.photoID] ?? nil)
                                }
                            }
                        }
                    }
                }
            } catch {
                logger.debug("change stream: the change log could not be read", metadata: ["error": "\(error)"])
                return
            }
        }
    }

    /// The frame of each change for each width and scale subscribed now, of the photos some
    /// subscriber of that width and scale follows (nil for a photo that is gone).
    private func render(_ changes: [CellChange]) async throws -> [ChangeGroup: [Int64: ChangeFrame?]] {
        let subscribers = state.withLock { Array($0.subscribers.values) }
        var frames: [ChangeGroup: [Int64: ChangeFrame?]] = [:]
        for group in Set(subscribers.map(\.group)) {
            let following = subscribers.filter { $0.group == group }
            let renderer = renderer(group)
            for change in changes where following.contains(where: { $0.follows(change.photoID) }) {
                frames[group, default: [:]][change.photoID] = .some(try await renderer.event(change).map(ChangeFrame.init))
            }
        }
        return frames
    }

    /// Moves the hub's position from `position` to `head` and fills the subscribers' backlogs
    /// (`update`), under the lock; does nothing when the position moved meanwhile (the hub was left
    /// by its last subscriber, and another read started afresh).
    private func publish(from position: Int64, through head: Int64, _ update: (HubState) -> Void) {
        state.withLock { state in
            guard state.position == position else { return }
            state.position = head
            update(state)
        }
    }
}

/// How the change stream follows the log and keeps its clients (``ChangeHub``).
public struct ChangeStreamSettings: Sendable {
    /// How often the hub asks the change watcher whether anything was committed.
    public var pollInterval: Duration
    /// How often it reads the log whatever the watcher says.
    public var fallbackRead: Duration
    /// How long a client may go without a byte before it is sent a heartbeat comment.
    public var heartbeat: Duration
    /// The most photos one client's backlog holds before it becomes a reset.
    public var backlogLimit: Int
    /// The most changes one read of the log takes.
    public var pageSize: Int
    /// The clock the hub waits on.
    public var clock: any Clock<Duration>

    public init(pollInterval: Duration = .milliseconds(20), fallbackRead: Duration = .seconds(1),
                heartbeat: Duration = .seconds(15), backlogLimit: Int = 4_096, pageSize: Int = 500,
                clock: any Clock<Duration> = ContinuousClock()) {
        self.pollInterval = pollInterval
        self.fallbackRead = fallbackRead
        self.heartbeat = heartbeat
        self.backlogLimit = backlogLimit
        self.pageSize = pageSize
        self.clock = clock
    }
}
