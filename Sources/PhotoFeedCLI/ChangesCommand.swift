import ArgumentParser
import FeedAPIModel
import FeedModel
import Foundation
import PhotoFeed

/// `photofeed changes --width W [--scale S] [--since N] [--follow] [--photo ID…] [--format json|text]`: the
/// change stream of `GET /v1/changes`, from the store itself.
///
/// Prints an event for the latest change of each photo after `--since` (by default: everything
/// the change log holds, or, with `--follow`, nothing before now): the photo's item as the
/// service gives it, laid out at the width and scale, numbered with the change; a `reset` when
/// the position is older than the log's horizon. With `--follow` it then prints changes as they
/// are committed, by any process, until SIGINT or SIGTERM (status 0).
struct ChangesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "changes",
        abstract: "Cells as they change: the change log's events, each with its item laid out (GET /v1/changes).")

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, text
    }

    @OptionGroup var store: StoreOptions
    @OptionGroup var cell: CellOptions
    @OptionGroup var fonts: FontOptions
    @Option(parsing: .unconditional,
            help: "Print the changes after this change id (default: all the log holds; with --follow, from now).")
    var since: Int64?
    @Flag(help: "Keep printing changes as they are committed, until SIGINT or SIGTERM.") var follow = false
    @Option(name: .customLong("photo"),
            help: "Print only the changes of this photo (repeatable; default: every photo).")
    var photos: [Int64] = []
    @Option(help: "Output format.") var format: Format = .text

    /// How often `--follow` asks whether anything was committed.
    static let pollInterval = Duration.milliseconds(50)

    func validate() throws {
        if let since, since < 0 { throw ValidationError("--since must be a change id (a whole number from 0), not \(since)") }
    }

    func run() async throws {
        let output = CommandOutput.current
        try await CommandFailure.reportingAsync(database: store.databaseName) {
            let measurer = try fonts.measurer()
            let store = try store.openAnyStore(ifMissing: .refuse)
            let renderer = ChangedCellRenderer(controller: try FeedController(store: store, measurer: measurer),
                                               store: store, executor: CommandLayoutExecutor(), width: cell.width,
                                               scale: cell.scale)
            let bounds = try await store.changes(after: .max, limit: 1)
            var cursor = ChangeLogCursor(position: since ?? (follow ? bounds.head : bounds.horizon))
            try await printChanges(&cursor, log: store, renderer: renderer, output: output)
            guard follow else { return }
            let following = Task { [cursor] in
                try await follow(from: cursor, store: store, renderer: renderer, output: output)
            }
            let signals = SyncSignalHandler { following.cancel() }
            defer { signals.cancel() }
            try await following.value
        }
    }

    /// Prints every change after the cursor, to the log's head.
    private func printChanges(_ cursor: inout ChangeLogCursor, log: any ChangeLogReading,
                              renderer: ChangedCellRenderer, output: CommandOutput) async throws {
        while true {
            switch try await cursor.next(from: log) {
            case .lost:
                emit(.reset(sequence: cursor.position), entry: nil, output: output)
            case .changes(let changes):
                guard !changes.isEmpty else { return }
                for change in changes where photos.isEmpty || photos.contains(change.photoID) {
                    guard let (entry, json) = try await renderer.item(photoID: change.photoID) else { continue }
                    emit(.cell(sequence: change.sequence, photoID: change.photoID, item: json), entry: entry,
                          output: output)
                }
            }
        }
    }

    /// Prints changes as they are committed until cancelled (SIGINT or SIGTERM) or standard
    /// output fails: woken by the store's change watcher, and reading at least once a second
    /// whatever it says.
    private func follow(from start: ChangeLogCursor, store: any MigratingFeedStore, renderer: ChangedCellRenderer,
                        output: CommandOutput) async throws {
        var cursor = start
        let watcher = try (store as? any ChangeWatchingStore)?.changeWatcher()
        let clock = ContinuousClock()
        var wakeUps = ChangeLogWakeUps(watcher: watcher, fallback: .seconds(1), now: clock.now)
        while output.standardOutputFailure() == nil {
            do {
                try await clock.sleep(for: Self.pollInterval)
            } catch {
                return  // stopped
            }
            guard wakeUps.isDue(at: clock.now) else { continue }
            try await printChanges(&cursor, log: store, renderer: renderer, output: output)
        }
    }

    private func emit(_ event: CellChangeEvent, entry: FeedPageEntry?, output: CommandOutput) {
        switch format {
        case .json:
            output.standardOutput(event.jsonLine)
        case .text:
            guard let entry else {
                return output.standardOutput("\(event.sequence)  reset: changes before this one are no longer kept; "
                                             + "refetch the feed")
            }
            output.standardOutput("\(event.sequence)  \(FeedPageText.line(entry))")
        }
    }
}
