import ArgumentParser
import FeedAPIModel
import FeedModel
import FeedRendering
import FeedStore
import FeedSync
import Foundation
import PhotoFeed

/// `photofeed demo`: the main job end to end on the default database — migrate, seed the curated
/// set, precompute cell layouts for the common widths and scales, run the sync daemon on the
/// virtual clock until idle, and print the layout-cache report.
///
/// Running it again is cheap and changes nothing: migrations and seeding are idempotent, the
/// layouts are cache hits, and no sync job is left pending.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Migrate, seed, precompute layouts, sync in virtual time until idle, and report.")

    /// The widths (points) of the phones whose cells are precomputed: 320 (SE), 375, 414 (Plus).
    static let widths: [Double] = [320, 375, 414]
    static let scales: [Double] = [2, 3]

    @OptionGroup var store: StoreOptions
    @OptionGroup var fonts: FontOptions
    @Option(name: .customLong("rng-seed"), parsing: .unconditional, help: "The sync run's seed.")
    var rngSeed: UInt64 = 1
    @Option(help: "Output format.") var format: OutputFormat = .text

    func run() async throws {
        let output = CommandOutput.current
        let progress = DemoProgress(enabled: format == .text)
        let result = try await CommandFailure.reportingAsync(database: store.databaseName) {
            let measurer = try fonts.measurer()
            let feedStore = try store.openAnyStore(migrationTarget: .none)
            let migration = try progress.step("migrate") { try feedStore.migrate(upTo: nil) }
            let seed = try progress.step("seed") {
                try feedStore.seedCurated(from: ResourceLocator.seedDataDirectory, progress: progress.seedBar())
            }
            let controller = try FeedController(store: feedStore, measurer: measurer)
            let precomputed = try progress.step("precompute") {
                try controller.precomputeLayouts(widths: Self.widths, scales: Self.scales)
            }
            let worker = SyncWorker(store: feedStore, relayouter: controller, clock: VirtualClock(),
                                    configuration: SyncWorker.Configuration(seed: rngSeed))
            let sync = try await progress.stepAsync("sync") {
                let line = progress.syncLine()
                defer { line?.finish() }
                return try await worker.run(until: .idle, progress: line?.update)
            }
            let report = try feedStore.layoutCacheReport(engineVersion: EngineVersion.layoutEngine)
            _ = try? feedStore.writeLayoutCacheCounts()  // hits counted since the last layout write
            let table = format == .text ? LayoutReportFormatter().format(try LayoutReportData(store: feedStore)) : ""
            return (migration, seed, precomputed, sync, report, table)
        }
        let (migration, seed, precomputed, sync, report, table) = result
        switch format {
        case .json:
            try CommandFailure.reporting {
                try output.json(DemoReportJSON(cache: LayoutCacheReportJSON(report), migrate: MigrationJSON(migration),
                                               seed: SeedCountsJSON(seed),
                                               precomputed: .init(layouts: precomputed.layouts,
                                                                  computed: precomputed.computed),
                                               sync: SyncReportJSON(sync)))
            }
        case .text:
            output.standardOutput("""
                database     \(store.databaseName)
                migrations   \(migration.applied.isEmpty ? "up to date" : "applied \(migration.applied.count)"), \
                current \(migration.current ?? "(none)")
                seed         \(seed.users) users, \(seed.photos) photos, \(seed.locations) locations, \
                \(seed.comments) comments, \(seed.cities) cities
                layouts      \(precomputed.layouts) cells at \(Self.widths.map { "\(Int($0))" }.joined(separator: "/")) pt \
                × \(Self.scales.map { "\(Int($0))x" }.joined(separator: "/")), \(precomputed.computed) computed
                sync         \(sync.completed) completed, \(sync.failed) failed, \(sync.retried) retried, \
                \(sync.pending) pending, \(sync.relayouts) relayouts, \(sync.heightChanges) height changes

                """)
            output.text(table)
        }
    }
}

/// The demo's step lines on stderr ("seed … 1.2 s"), and within the long steps their progress
/// with the time left (seeding's bar, the sync daemon's line), shown only for text output on a
/// terminal.
struct DemoProgress: Sendable {
    private let draw: (@Sendable (String) -> Void)?

    init(enabled: Bool) {
        draw = enabled ? CommandOutput.current.progress : nil
    }

    /// The seeding step's progress bar, or nil where progress is not shown.
    func seedBar() -> FeedStore.ProgressHandler? {
        guard let draw else { return nil }
        let bar = ProgressBar(label: "seed", draw: draw)
        return { bar.update($0) }
    }

    /// The sync step's progress line, or nil where progress is not shown.
    func syncLine() -> SyncProgressLine? {
        draw.map(SyncProgressLine.init(draw:))
    }

    func step<T>(_ name: String, _ body: () throws -> T) throws -> T {
        let start = ContinuousClock.now
        let value = try body()
        report(name, since: start)
        return value
    }

    func stepAsync<T>(_ name: String, _ body: () async throws -> T) async throws -> T {
        let start = ContinuousClock.now
        let value = try await body()
        report(name, since: start)
        return value
    }

    private func report(_ name: String, since start: ContinuousClock.Instant) {
        guard let draw else { return }
        let elapsed = (ContinuousClock.now - start).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        draw("\(name.padding(toLength: 11, withPad: " ", startingAt: 0)) \(String(format: "%.2f", seconds)) s\n")
    }
}
