import ArgumentParser
import FeedAPIModel
import FeedModel
import FeedStore
import FeedSync
import Foundation
import PhotoFeed

/// `photofeed sync`: runs the sync daemon (`docs/cli.md`).
///
/// Pending image, avatar, reverse-geocode and comment-feed jobs complete after simulated latencies; each
/// committed batch has the affected cells laid out again (``FeedController``) for every cached
/// size range and scale. SIGINT and SIGTERM stop it cleanly: the write in flight finishes,
/// attempts in flight go back to pending, the summary is printed and the status is 0.
public struct SyncCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Run the sync daemon: simulated image, avatar, reverse-geocode and comment-feed completions, with relayout.",
        discussion: """
            Without --until-idle or --duration, a virtual clock runs until idle and a real clock runs \
            until SIGINT or SIGTERM. The same --rng-seed gives the same database in every column a user \
            can see, however often the daemon is stopped or killed and started again.
            """)

    enum ClockKind: String, ExpressibleByArgument, CaseIterable {
        case virtual, real
    }

    @OptionGroup var store: StoreOptions
    @OptionGroup var fonts: FontOptions
    @Option(help: "virtual (deterministic, as fast as the machine allows) or real (waits real latencies).")
    var clock: ClockKind = .real
    @Flag(name: .customLong("until-idle"), help: "Stop once no job is pending.") var untilIdle = false
    @Option(parsing: .unconditional, help: "Stop after this many seconds of the clock's time.") var duration: Double?
    @Option(name: .customLong("rng-seed"), parsing: .unconditional,
            help: "The run seed every simulated outcome is drawn from.")
    var rngSeed: UInt64 = 1
    @Option(name: .customLong("failure-rate"), parsing: .unconditional, help: "The probability that an attempt fails.")
    var failureRate: Double = 0.05
    @Option(parsing: .unconditional, help: "Attempts running at once.") var concurrency: Int = 8
    @Option(name: .customLong("max-attempts"), parsing: .unconditional,
            help: "Attempts per job before it fails for good.")
    var maxAttempts: Int = 5
    @Option(name: .customLong("batch-size"), parsing: .unconditional,
            help: "Completions committed per transaction, at most.")
    var batchSize: Int = 512
    @Option(help: "Output format.") var format: OutputFormat = .text
    @OptionGroup var log: SyncLogOptions
    @OptionGroup var workers: SyncWorkerOptions
    @Option(name: .customLong("crash-at"),
            help: ArgumentHelp("Raise SIGKILL at before-commit:N or after-commit:N (crash-safety tests).",
                               visibility: .hidden))
    var crashAt: String?
    @Option(name: .customLong("interrupt-at"),
            help: ArgumentHelp("Raise SIGINT at before-commit:N or after-commit:N (signal-handling tests).",
                               visibility: .hidden))
    var interruptAt: String?

    public init() {}

    public func validate() throws {
        if untilIdle && duration != nil {
            throw ValidationError("--until-idle and --duration exclude each other; give one of them")
        }
        if let duration { try OptionRange.duration.check(duration) }
        try OptionRange.failureRate.check(failureRate)
        try OptionRange.concurrency.check(concurrency)
        try OptionRange.maxAttempts.check(maxAttempts)
        try OptionRange.batchSize.check(batchSize)
        for (name, value) in [("--crash-at", crashAt), ("--interrupt-at", interruptAt)] {
            if let value, SyncFaultPoint(argument: value) == nil {
                throw ValidationError("\(name) takes before-commit:N or after-commit:N with N ≥ 1, not \(value)")
            }
        }
    }

    var stopCondition: SyncStopCondition {
        if let duration { return .duration(.milliseconds(Int64((duration * 1000).rounded()))) }
        if untilIdle || clock == .virtual { return .idle }
        return .cancelled
    }

    var workerConfiguration: SyncWorker.Configuration {
        var simulation = SyncSimulation(failureRate: failureRate, concurrency: concurrency)
        simulation.retry.maxAttempts = maxAttempts
        var configuration = SyncWorker.Configuration(simulation: simulation, seed: rngSeed, worker: workers.name,
                                                     batchSize: batchSize, lease: workers.leaseDuration)
        configuration.logInterval = log.interval
        let crashPoint = crashAt.flatMap(SyncFaultPoint.init(argument:))
        let interruptPoint = interruptAt.flatMap(SyncFaultPoint.init(argument:))
        if crashPoint != nil || interruptPoint != nil {
            configuration.faultInjection = { point in
                if point == crashPoint { kill(getpid(), SIGKILL) }
                if point == interruptPoint { kill(getpid(), SIGINT) }
            }
        }
        return configuration
    }

    public func run() async throws {
        let output = CommandOutput.current
        // Signals first: a SIGINT or SIGTERM during start-up must stop the daemon cleanly too.
        let stopSwitch = SyncStopSwitch()
        let signals = SyncSignalHandler { stopSwitch.stop() }
        defer { signals.cancel() }
        let report = try await CommandFailure.reportingAsync(database: store.databaseName) {
            let measurer = try fonts.measurer()
            let feedStore = try store.openAnyStore(ifMissing: .refuse)
            let lock = try Self.takeSyncLock(feedStore)
            defer { lock?.release() }
            return try await runWorker(feedStore, measurer: measurer, stopSwitch: stopSwitch, output: output)
        }
        switch format {
        case .json:
            try CommandFailure.reporting { try output.json(SyncReportJSON(report)) }
        case .text:
            output.standardOutput("""
                completed      \(report.completed)
                failed         \(report.failed)
                retried        \(report.retried)
                pending        \(report.pending)
                relayouts      \(report.relayouts)
                height changes \(report.heightChanges)
                """)
        }
    }
}

/// The contract's JSON of a sync run: its summary fields, and the jobs found cancelled.
struct SyncReportJSON: Encodable {
    var completed, failed, retried, pending, relayouts, heightChanges, cancelled: Int

    init(_ report: SyncReport) {
        completed = report.completed
        failed = report.failed
        retried = report.retried
        pending = report.pending
        relayouts = report.relayouts
        heightChanges = report.heightChanges
        cancelled = report.cancelled
    }
}
