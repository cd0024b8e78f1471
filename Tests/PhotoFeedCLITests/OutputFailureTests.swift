import LayoutTestSupport
import Foundation
import GRDB
import PhotoFeedCLI
import Testing
import StoreTestSupport

/// Output that cannot be written (a full disk, a closed standard output) fails the command
/// with status 74 (EX_IOERR) and an `error:` line, instead of exiting 0 with the output lost.
@Suite(.blockingWork, .timeLimit(minutes: 10)) struct OutputFailureTests {
    /// Runs `arguments` in-process with standard output on `/dev/full`; returns the status and
    /// what reached standard error.
    static func runIntoFullDevice(_ arguments: [String]) async throws -> (status: Int32, err: String) {
        let full = open("/dev/full", O_WRONLY)
        try #require(full >= 0)
        defer { close(full) }
        let errors = Pipe()
        let output = CommandOutput.descriptors(standardOutput: full,
                                               standardError: errors.fileHandleForWriting.fileDescriptor)
        let status = await BlockingWorkThreads.run {
            await CommandOutput.$current.withValue(output) { await PhotoFeedCommand.execute(arguments) }
        }
        try errors.fileHandleForWriting.close()
        return (status, String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    @Test func aFullStandardOutputExitsWith74() async throws {
        let version = try await Self.runIntoFullDevice(["--version"])
        #expect(version.status == 74)
        #expect(version.err == "error: cannot write to standard output: No space left on device\n")

        let db = try FeedTestStore.seededFile()
        let feed = try await Self.runIntoFullDevice(["feed", "--db", db, "--width", "375", "--format", "json"])
        #expect(feed.status == 74)
        #expect(feed.err == "error: cannot write to standard output: No space left on device\n")
    }

    @Test func aFailedCommandKeepsItsOwnStatus() async throws {
        let db = try FeedTestStore.seededFile()
        let result = try await Self.runIntoFullDevice(["layout", "show", "--db", db, "--photo", "42", "--width", "375"])
        #expect(result.status == 65)
        #expect(result.err == "error: no photo with id 42 in the database\n")
    }

    /// The executable itself, its standard output closed (`>&-`) or on `/dev/full`. Without the
    /// built executable the test fails (``PhotoFeedProcess/built(_:)``).
    @Test(arguments: [
        (">&-", "Bad file descriptor"), ("> /dev/full", "No space left on device"),
    ])
    func theExecutableReportsALostStandardOutput(redirection: String, reason: String) async throws {
        let executable = try PhotoFeedProcess.built()
        let db = try FeedTestStore.seededFile()
        // sh redirects the executable's standard output; the kill timer bounds a hung child.
        let result = try await PhotoFeedProcess.run(
            ["-c", #""$0" feed --db "$1" --width 375 \#(redirection)"#, executable.path, db],
            executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(result.status == 74)
        #expect(result.standardError == "error: cannot write to standard output: \(reason)\n")
        // Nothing meant for standard output went into the database file instead.
        let check = try await DatabaseQueue(path: db).read { try String.fetchOne($0, sql: "PRAGMA integrity_check") }
        #expect(check == "ok")
    }
}
