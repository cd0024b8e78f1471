import FeedModel
import FeedService
import FeedStore
import FeedStorePostgres
import Foundation
import Logging

/// `photofeed serve --no-response-cache` in a process of its own, as the uncached-reads
/// benchmarks run it: this executable again with `--serve DB` (``runChild(database:)``), which
/// opens the store as `serve` does (a SQLite file, or a `postgres://` URL) and runs the same
/// ``FeedHTTPService`` with its response cache off, so every request reads the store. It logs
/// warnings only (no request log), on 127.0.0.1 at a free port.
final class ServerProcess {
    let port: Int
    private let process: Process
    var pid: Int32 { process.processIdentifier }

    /// Starts the server on `database`; returns once it listens.
    init(database: String, root: URL) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["--serve", database, "--root", root.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let data = output.fileHandleForReading.availableData
            guard !data.isEmpty else { break }
            text += String(decoding: data, as: UTF8.self)
        }
        guard text.hasPrefix("listening "), let port = Int(text.dropFirst(10).prefix { $0.isNumber }) else {
            throw ServerFailure(description: "the server on \(database) did not start: \(text)")
        }
        self.port = port
    }

    /// SIGTERM, then waits for its end (polled: Foundation's `waitUntilExit` needs a run loop).
    func stop() {
        process.terminate()
        while process.isRunning { usleep(10_000) }
    }

    /// The child's body: serves `database` until SIGTERM; "listening PORT" on stdout once it listens.
    static func runChild(database: String) -> Never {
        Task.detached {
            do {
                var logger = Logger(label: "photofeed.serve.bench")
                logger.logLevel = .warning
                let store: any FeedStoring & FeedServing = DatabaseKind(location: database) == .postgres
                    ? try PostgresFeedStore(location: PostgresLocation(url: database))
                    : try FeedStore(path: database)
                let service = try FeedHTTPService(store: store, host: "127.0.0.1", port: 0, logger: logger,
                                                  responseCache: false)
                try await service.run { port in
                    print("listening \(port)")
                    fflush(nil)
                }
                exit(0)
            } catch {
                FileHandle.standardError.write(Data("PostgresBenchmark --serve: \(error)\n".utf8))
                exit(1)
            }
        }
        dispatchMain()
    }
}

struct ServerFailure: Error, CustomStringConvertible {
    var description: String
}
