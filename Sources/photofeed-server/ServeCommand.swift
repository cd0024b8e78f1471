import ArgumentParser
import FeedModel
import FeedService
import Logging
import PhotoFeedCLI

/// `photofeed serve [--host 127.0.0.1] [--port 8080] [--db PATH|URL] [--with-sync]`: the feed over
/// HTTP (``FeedHTTPService``, docs/openapi.yaml) until SIGTERM or SIGINT, then exits 0. `--db`
/// names a SQLite file or, in `photofeed-server`, a `postgres://` database; `--with-sync` runs a
/// sync worker in the process on either.
///
/// Binds to loopback unless `--host` says otherwise. Prints one line on standard output once
/// listening (`listening on http://127.0.0.1:8080`, the real port when `--port 0`); requests are
/// logged on standard error through swift-log, one access-log line each, in the sync daemon's line
/// format.
public struct ServeCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the feed over HTTP: pages with content and precomputed layouts (docs/openapi.yaml).")

    @OptionGroup var store: StoreOptions
    @OptionGroup var fonts: FontOptions
    @Option(help: "The address to listen on.") var host: String = "127.0.0.1"
    @Option(help: "The TCP port (0 picks a free one).") var port: Int = 8080
    @Flag(name: .customLong("with-sync"), help: "Also run the sync daemon in this process.") var withSync = false
    @Option(name: .customLong("log-level"),
            help: "trace, debug, info, notice, warning, error or critical (default: $LOG_LEVEL, else info).")
    var logLevel: LogLevelOption?
    // Benchmarks measure the store path: every request reads the database.
    @Flag(name: .customLong("no-response-cache"), help: .hidden) var noResponseCache = false
    // Tests whose machine may be too busy to send a request within the 10 s default.
    @Option(name: .customLong("idle-timeout"), help: .hidden) var idleTimeout: Int = 10

    public init() {}

    public func validate() throws {
        guard (0 ... 65_535).contains(port) else {
            throw ValidationError("--port must be from 0 to 65535, not \(port)")
        }
        guard idleTimeout > 0 else { throw ValidationError("--idle-timeout must be at least 1 second, not \(idleTimeout)") }
        if logLevel == nil { try LogLevelOption.checkEnvironment() }
    }

    public func run() async throws {
        let output = CommandOutput.current
        // The same line format as the sync daemon's log (CommandLogHandler).
        let level = (logLevel ?? .environmentDefault).level
        var logger = Logger(label: "photofeed.serve") { label in
            CommandLogHandler(label: label, level: level, output: output)
        }
        logger.logLevel = level
        let host = self.host
        try await CommandFailure.reportingAsync(database: store.databaseName) {
            let measurer = try fonts.measurer()
            let feedStore = try store.openAnyStore(ifMissing: .refuse)
            let service = try FeedHTTPService(store: feedStore, host: host, port: port, withSync: withSync,
                                              logger: logger, measurer: measurer, responseCache: !noResponseCache,
                                              idleTimeout: .seconds(Int64(idleTimeout)))
            do {
                try await service.run { port in
                    output.standardOutput("listening on http://\(host):\(port)")
                }
            } catch let error as ListenError {
                output.error(error.description)
                switch error {
                case .portInUse: throw ExitCode(69)
                case .noSuchAddress: throw ExitCode(64)
                }
            }
        }
    }
}
