import GRDB

/// Checks the database file (``DatabaseFileWatch/check()``) before every commit of the
/// connection it observes, the store's writer: a transaction on a file that was replaced or
/// removed rolls back, and its commit throws ``DatabaseFileReplaced``. It observes no changes,
/// so statements run without GRDB's change tracking.
final class FileReplacementCommitCheck: TransactionObserver {
    private let watch: DatabaseFileWatch

    init(watch: DatabaseFileWatch) {
        self.watch = watch
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { false }
    func databaseDidChange(with event: DatabaseEvent) {}
    func databaseWillCommit() throws { try watch.check() }
    func databaseDidCommit(_ db: Database) {}
    func databaseDidRollback(_ db: Database) {}
}
