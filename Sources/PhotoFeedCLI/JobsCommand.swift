import ArgumentParser
import FeedAPIModel
import FeedModel
import FeedRendering

/// `photofeed jobs`: the sync daemon's job queue; `jobs list` (the default) and `jobs retry`.
struct JobsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jobs", abstract: "The sync daemon's jobs: counts by kind and state, failed jobs, retries.",
        subcommands: [JobsListCommand.self, JobsRetryCommand.self], defaultSubcommand: JobsListCommand.self)
}

/// `photofeed jobs [list]`: how many jobs of each kind are in each state, and the failed jobs
/// with their last error.
struct JobsListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Job counts by kind and state, and the failed jobs with their last error.")

    @OptionGroup var store: StoreOptions
    @Option(parsing: .unconditional, help: "List at most this many failed jobs.") var limit: Int = 50
    @Option(help: "Output format.") var format: OutputFormat = .text

    func validate() throws {
        try OptionRange.jobsLimit.check(limit)
    }

    func run() throws {
        let output = CommandOutput.current
        try CommandFailure.reporting {
            let feedStore = try store.openAnyStore(ifMissing: .refuse)
            let listing = JobListing(counts: try feedStore.jobCounts(), failed: try feedStore.failedJobs(limit: limit))
            switch format {
            case .json:
                try output.json(listing.json)
            case .text:
                output.text(listing.text)
            }
        }
    }
}

/// `photofeed jobs retry [--kind K] [--id ID]`: makes failed jobs pending again.
struct JobsRetryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "retry",
        abstract: "Make failed jobs pending again (all, those of --kind, or the one with --id).",
        discussion: """
            The jobs are due at once; the next `photofeed sync` runs them. A retried job keeps its \
            attempt count, so its next attempt draws a new outcome, and it fails for good if that \
            attempt fails at or beyond --max-attempts.
            """)

    @OptionGroup var store: StoreOptions
    @Option(help: ArgumentHelp("Only jobs of this kind.", valueName: "kind")) var kind: String?
    @Option(parsing: .unconditional, help: "Only the job with this id (as `photofeed jobs` lists it).") var id: Int64?
    @Option(help: "Output format.") var format: OutputFormat = .text

    func validate() throws {
        if let kind, JobKind(rawValue: kind) == nil {
            let kinds = JobKind.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("--kind must be one of \(kinds), not \(kind)")
        }
    }

    func run() throws {
        let output = CommandOutput.current
        try CommandFailure.reporting {
            let feedStore = try store.openAnyStore(ifMissing: .refuse)
            let report = try feedStore.retryFailedJobs(kind: kind.flatMap(JobKind.init(rawValue:)), id: id)
            switch format {
            case .json:
                try output.json(JobRetryJSON(retried: report.retried.count, ids: report.retried))
            case .text:
                output.standardOutput(report.retried.isEmpty
                    ? "No failed job matched; nothing to retry."
                    : "Retried \(report.retried.count) failed job\(report.retried.count == 1 ? "" : "s"); "
                        + "`photofeed sync` runs them.")
            }
        }
    }
}

/// The JSON of `jobs retry`: how many jobs are pending again, and their ids.
struct JobRetryJSON: Encodable {
    var retried: Int
    var ids: [Int64]
}

// MARK: - InputDataError

extension SyncJobAdministrationError: InputDataError {}
