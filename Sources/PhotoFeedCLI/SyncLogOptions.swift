import ArgumentParser
import Logging

/// `sync`'s log: `--log-level` and `--log-interval`. The daemon logs through swift-log when
/// standard error is not a terminal (a terminal gets the live progress line instead): a line at
/// start, one per interval, one when it waits idle, one at the end (``CommandLogHandler``).
struct SyncLogOptions: ParsableArguments {
    @Option(name: .customLong("log-level"),
            help: "The least severe log line written when stderr is not a terminal: trace, debug, info, notice, warning, error or critical (default: $LOG_LEVEL, else info).")
    var logLevel: LogLevelOption?

    @Option(name: .customLong("log-interval"), parsing: .unconditional,
            help: "Seconds of wall time between two progress lines of the log (0.001…86400).")
    var logInterval: Double = 10

    func validate() throws {
        if logLevel == nil { try LogLevelOption.checkEnvironment() }
        guard logInterval.isFinite, (0.001 ... 86_400).contains(logInterval) else {
            throw ValidationError("--log-interval must lie in 0.001…86400 seconds, not \(logInterval)")
        }
    }

    var interval: Duration { .milliseconds(Int64((logInterval * 1000).rounded())) }

    /// The daemon's logger, writing through `output`, every line carrying the database's path.
    func logger(database: String, output: CommandOutput) -> Logger {
        let level = (logLevel ?? .environmentDefault).level
        var logger = Logger(label: "photofeed.sync") { label in
            CommandLogHandler(label: label, level: level, output: output)
        }
        logger[metadataKey: "database"] = "\(database)"
        return logger
    }
}
