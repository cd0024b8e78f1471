import FeedStore
import ServiceLifecycle

/// Stops the server once its SQLite file was replaced or removed: a service of the server's
/// group that checks the file every ``interval`` (``FeedStore/checkDatabaseFile()``, one
/// `stat(2)`) and once more when the group stops, and throws ``DatabaseFileReplaced`` when the
/// path names another file. The group then shuts down gracefully (requests meanwhile are
/// answered 503 with `Retry-After`, since the store refuses them with the same error) and
/// ``FeedHTTPService/run(onListening:)`` throws it: `photofeed serve` exits with one `error:`
/// line and status 74, and a supervisor that starts it again serves the file now at the path.
/// The store removed the old file's `-wal` and `-shm` at the first check that found it replaced,
/// so nothing of the old file is replayed into the new one.
///
/// The check also runs before every read the service makes and in the change watcher's polls;
/// this service only bounds how long an idle server takes to notice.
struct DatabaseFileService: Service {
    let store: FeedStore
    var interval: Duration = .milliseconds(100)
    var clock: any Clock<Duration> = ContinuousClock()

    func run() async throws {
        do {
            try await cancelWhenGracefulShutdown {
                while true {
                    try store.checkDatabaseFile()
                    try await clock.sleep(for: interval, tolerance: nil)
                }
            }
        } catch is CancellationError {
            // The group is stopping: the last check below.
        }
        try store.checkDatabaseFile()
    }
}
