import Foundation
import Glibc

/// A throwaway PostgreSQL cluster of one test (`bin/lib/postgres-cluster.sh`), which it may stop
/// and start: restarting the shared one would cut off the other suites. Failing to start it
/// fails the test.
public struct PrivateCluster: Sendable {
    public let directory: String
    /// The cluster's URL (`postgres://…`), as `photofeed_pg_start` prints it.
    public let url: String

    public static func start() throws -> PrivateCluster {
        let directory = "/tmp/photofeed-pg-restart-\(UUID().uuidString.prefix(8))"
        let url = try shell("photofeed_pg_start \(directory)").trimmingCharacters(in: .whitespacesAndNewlines)
        return PrivateCluster(directory: directory, url: url)
    }

    /// Stops the server (fast: sessions are cut off) and starts it again on the same port.
    public func restart() throws {
        try pgCtl("--mode=fast --wait restart")
    }

    /// Stops the server at once, as a crash or a lost host would (`immediate`), keeping its files.
    public func stopServer() throws {
        try pgCtl("--mode=immediate --wait stop")
    }

    /// Starts the server stopped by ``stopServer()`` again, on the same port.
    public func startServer() throws {
        try Self.shell("photofeed_pg_resume \(directory)")
    }

    /// Stops the server and removes the cluster.
    public func stop() {
        _ = try? Self.shell("photofeed_pg_stop \(directory)")
    }

    /// Runs `pg_ctl ARGUMENTS` on the cluster, as the user that owns its files.
    func pgCtl(_ arguments: String) throws {
        _ = try Self.shell("""
            bin="$(photofeed_pg_bin)"; user="$(stat -c %U \(directory)/data)"
            photofeed_pg_as "$user" "$bin/pg_ctl" --pgdata=\(directory)/data \(arguments) >/dev/null
            """)
    }

    /// Runs `script` in bash with the cluster functions loaded; returns its standard output.
    @discardableResult
    public static func shell(_ script: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        let library = CuratedTexts.root.appendingPathComponent("bin/lib/postgres-cluster.sh").path
        process.arguments = ["-c", "set -euo pipefail; source \(library); \(script)"]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let problems = errors.fileHandleForReading.readDataToEndOfFile()
        // Reaped here: Foundation misses the end of this shell (its server child lives on).
        var status: Int32 = 0
        while waitpid(process.processIdentifier, &status, 0) == -1 && errno == EINTR {}
        guard status == 0 else {
            throw ClusterFailure(message: String(decoding: problems, as: UTF8.self))
        }
        return String(decoding: data, as: UTF8.self)
    }

    public struct ClusterFailure: Error, CustomStringConvertible {
        public var message: String
        public var description: String { "the test's PostgreSQL cluster: \(message)" }
    }
}
