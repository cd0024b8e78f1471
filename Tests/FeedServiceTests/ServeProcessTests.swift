import FeedModel
import FeedStore
import Foundation
import HTTPTestSupport
import LayoutTestSupport
import StoreTestSupport
import Testing

/// `photofeed-server serve` as a child process: it names its port, answers, and on SIGTERM
/// stops gracefully with status 0; with `--with-sync`, a sync daemon already holding the
/// database's lock makes it fail with 75 (one daemon per database).
@Suite(.serialized, .tags(.slow), .notInQuickRuns, .timeLimit(minutes: 10)) struct ServeProcessTests {
    /// `.build/<triple>/debug/photofeed-server`, beside the running test bundle.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("photofeed-server")
    }

    /// Starts `serve` with `arguments` on a free port; with `descriptorLimit`, under that limit
    /// of open files (the shell's `ulimit -n`).
    static func start(_ arguments: [String], descriptorLimit: Int? = nil) throws
        -> (process: Process, output: Pipe, errors: Pipe) {
        let process = Process()
        let serve = ["serve", "--port", "0", "--log-level", "warning"] + arguments
        if let descriptorLimit {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -n \(descriptorLimit) && exec \"$0\" \"$@\"", executable.path] + serve
        } else {
            process.executableURL = executable
            process.arguments = serve
        }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // A kill timer: a server that hangs fails its test instead of hanging the suite.
        DispatchQueue.global().asyncAfter(deadline: .now() + 300) {
            if process.isRunning { process.terminate() }
        }
        return (process, output, errors)
    }

    /// The first line of `pipe`, or nil when it ends first (the process's kill timer ends a
    /// process that hangs, and with it the pipe).
    static func firstLine(_ pipe: Pipe) async -> String? {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var data = Data()
                while !data.contains(10) {
                    let chunk = pipe.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    data.append(chunk)
                }
                continuation.resume(returning: String(decoding: data, as: UTF8.self).split(separator: "\n").first
                    .map(String.init))
            }
        }
    }

    static func wait(_ process: Process, seconds: Int = 30) async throws -> Bool {
        for _ in 0..<(seconds * 20) where process.isRunning {
            try await Task.sleep(for: .milliseconds(50))
        }
        return !process.isRunning
    }

    @Test func sigtermStopsTheServerWithStatus0() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.executable.path),
                     "build photofeed-server first (swift build --build-tests builds it)")
        try await Self.servesAPageThenStopsOnSIGTERM(["--db", try FeedTestStore.seededFile()])
    }

    /// Starts the server with `arguments`, checks that it listens on loopback and answers a feed
    /// page of 2 items, then that SIGTERM stops it with status 0.
    static func servesAPageThenStopsOnSIGTERM(_ arguments: [String]) async throws {
        let (process, output, _) = try start(arguments)
        defer { if process.isRunning { process.interrupt() } }
        let line = try #require(await firstLine(output))
        #expect(line.hasPrefix("listening on http://127.0.0.1:"))
        let base = String(line.dropFirst("listening on ".count))
        let response = try await HTTPTestClient(base: base).get("/v1/feed?width=375&limit=2")
        #expect(response.status == 200)
        let page = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        #expect((page?["items"] as? [Any])?.count == 2)

        kill(process.processIdentifier, SIGTERM)
        #expect(try await wait(process))
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
    }

    /// A port another server listens on is one error line and status 69; a host that is no
    /// address of this machine one line and 64.
    @Test func aPortInUseOrAForeignHostIsOneErrorLine() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.executable.path))
        let db = try FeedTestStore.seededFile()
        let (first, output, _) = try Self.start(["--db", db])
        defer { if first.isRunning { first.interrupt() } }
        let line = try #require(await Self.firstLine(output))
        let port = String(try #require(line.split(separator: ":").last))

        let (second, _, errors) = try Self.start(["--db", db, "--port", port])
        #expect(try await Self.wait(second))
        #expect(second.terminationStatus == 69)
        #expect(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            == "error: port \(port) is in use on 127.0.0.1\n")

        let (third, _, thirdErrors) = try Self.start(["--db", db, "--host", "203.0.113.7"])
        #expect(try await Self.wait(third))
        #expect(third.terminationStatus == 64)
        #expect(String(decoding: thirdErrors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            == "error: --host 203.0.113.7 is not an address of this machine\n")
    }

    /// A mistyped `--db` is one error line and status 66, as for every command that needs a
    /// database, and no empty database is left at the path.
    @Test func aMissingDatabaseIsRefusedAndNotCreated() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.executable.path))
        let db = try FeedTestStore.temporaryDirectory().appendingPathComponent("photfeed.sqlite").path
        let (process, _, errors) = try Self.start(["--db", db])
        defer { if process.isRunning { process.interrupt() } }
        #expect(try await Self.wait(process))
        #expect(process.terminationStatus == 66)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(stderr == "error: no database at \(db); run 'photofeed demo' or 'photofeed seed'\n")
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    @Test func withSyncRefusesADatabaseWhoseDaemonRuns() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.executable.path))
        let db = try FeedTestStore.seededFile()
        let store = try FeedStore(path: db, migrationsDirectory: FeedTestStore.migrationsDirectory)
        let lock = try store.lockForSync()
        defer { lock.release() }
        let (process, _, errors) = try Self.start(["--db", db, "--with-sync"])
        defer { if process.isRunning { process.interrupt() } }
        #expect(try await Self.wait(process))
        #expect(process.terminationStatus == 75)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(stderr.split(separator: "\n").last?.hasPrefix("error: ") == true, "\(stderr)")
    }
}
