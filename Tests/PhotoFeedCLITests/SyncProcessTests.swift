import FeedModel
@_spi(SQLiteAccess) import FeedStore
import FeedSync
import Foundation
import Glibc
import GRDB
import LayoutTestSupport
import StoreTestSupport
import Testing

/// The real executable: killed with SIGKILL at many points, stopped with SIGINT, watched by
/// readers in other processes. Every child runs under a kill timer (``PhotoFeedProcess``) and
/// every test under a time limit, so a hung daemon fails its test.
@Suite(.blockingWork, .serialized, .tags(.slow), .notInQuickRuns, .timeLimit(minutes: 10)) struct SyncProcessTests {
    static let syncArguments = ["sync", "--clock", "virtual", "--rng-seed", "21", "--failure-rate", "0.3",
                                "--batch-size", "8", "--format", "json"]

    /// A database with 120 generated photos, their layouts cached at 375 points (so relayout
    /// has work), copied to `copies` files.
    static func seededDatabases(copies: Int) async throws -> [String] {
        try #require(PhotoFeedProcess.isBuilt, "build the executable first: swift build (\(PhotoFeedProcess.executableURL.path))")
        let directory = try FeedTestStore.temporaryDirectory()
        let original = directory.appendingPathComponent("seeded.sqlite").path
        let seed = try await PhotoFeedProcess.run(["seed", "--db", original, "--generate", "120", "--rng-seed", "4"])
        try #require(seed.status == 0, "seed failed: \(seed.standardError)")
        let feed = try await PhotoFeedProcess.run(["feed", "--db", original, "--width", "375", "--limit", "120",
                                                   "--format", "json"])
        try #require(feed.status == 0, "feed failed: \(feed.standardError)")
        return try (1 ... copies).map { index in
            let copy = directory.appendingPathComponent("copy\(index).sqlite").path
            try FileManager.default.copyItem(atPath: original, toPath: copy)
            return copy
        }
    }

    /// Whether a process holds a `flock` lock on the file at `path`, from /proc/locks (lines such
    /// as `1: FLOCK  ADVISORY  WRITE 4242 08:01:1234567 0 EOF`, the last field before the range
    /// ending in the file's inode), without taking the lock.
    static func isFlocked(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0,
              let locks = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else { return false }
        return locks.split(separator: "\n").contains { line in
            let fields = line.split(separator: " ")
            return fields.count > 5 && fields[1] == "FLOCK" && fields[5].hasSuffix(":\(info.st_ino)")
        }
    }

    static func open(_ path: String) throws -> FeedStore {
        try FeedStore(path: path, migrationsDirectory: FeedTestStore.migrationsDirectory)
    }

    /// SIGKILL at seeded points — inside a batch's transaction before its commit, and between a
    /// commit and the relayout after it — run after run, each resuming where the last died:
    /// the database ends exactly as after one uninterrupted run. The points are injected
    /// (`--crash-at`), so the test needs no sleeps and kills at the same places every time.
    @Test func killedAtManyPointsAndResumedItEndsLikeAnUninterruptedRun() async throws {
        let paths = try await Self.seededDatabases(copies: 2)
        let uninterrupted = try await PhotoFeedProcess.run(Self.syncArguments + ["--db", paths[0]])
        try #require(uninterrupted.status == 0, "\(uninterrupted.standardError)")

        var random = SeededRandom(seed: 2024)
        var kills = 0, runs = 0
        var finished = false
        while !finished && runs < 80 {
            runs += 1
            let batch = random.int(in: 1 ... 4)
            let point = random.bool() ? "before-commit:\(batch)" : "after-commit:\(batch)"
            let arguments = Self.syncArguments + ["--db", paths[1]] + (runs <= 60 ? ["--crash-at", point] : [])
            let result = try await PhotoFeedProcess.run(arguments)
            #expect(!result.timedOut, "run \(runs) hung: \(arguments)")
            if result.killed && !result.timedOut {
                kills += 1
            } else {
                #expect(result.status == 0, "\(result.standardError)")
                finished = result.status == 0
            }
        }
        #expect(finished)
        #expect(kills >= 5, "runs killed part-way: \(kills) of \(runs)")
        let resumed = try Self.open(paths[1]), reference = try Self.open(paths[0])
        #expect(try FeedTestStore.userVisibleSnapshot(resumed) == FeedTestStore.userVisibleSnapshot(reference))
        let unfinished = try await resumed.writer.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sync_job WHERE state IN ('pending', 'running')")
        }
        #expect(unfinished == 0)
    }

    @Test func sigintFinishesTheWriteInFlightAndExitsZero() async throws {
        let path = try await Self.seededDatabases(copies: 1)[0]
        // The real clock waits real latencies (120 ms median), two at a time: seconds of work.
        // The daemon raises SIGINT itself right after its third commit (an injected point), so
        // the signal always arrives part-way, whatever the machine's load.
        let running = try PhotoFeedProcess.Running(["sync", "--db", path, "--clock", "real", "--concurrency", "2",
                                                   "--interrupt-at", "after-commit:3", "--format", "json"])
        let result = await running.finish()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.killed == false)
        let summary = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Int]
        let completed = try #require(summary?["completed"])
        for field in ["failed", "retried", "pending", "relayouts", "heightChanges"] {
            #expect(summary?[field] != nil, "summary field \(field)")
        }
        let counts = try Self.open(path).writer.read { db in
            try Row.fetchAll(db, sql: "SELECT state, COUNT(*) FROM sync_job GROUP BY state")
        }.reduce(into: [String: Int]()) { $0[$1[0]] = $1[1] }
        #expect(counts["running"] == nil, "attempts in flight went back to pending")
        #expect(counts["done"] == completed)
        #expect(counts["pending"] == summary?["pending"])
        #expect(completed > 0 && summary?["pending"] ?? 0 > 0, "stopped part-way")
    }

    @Test func aSecondDaemonOnTheSameDatabaseIsRefusedAsBusy() async throws {
        let path = try await Self.seededDatabases(copies: 1)[0]
        // Given the daemon lock held (as a running daemon holds it)
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        try #require(descriptor >= 0 && flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        // Then another daemon is refused as busy
        let second = try await PhotoFeedProcess.run(["sync", "--db", path, "--clock", "virtual"])
        #expect(second.status == 75)
        #expect(second.standardError.contains("error: another photofeed sync holds"))
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// The lock follows the database file: a daemon started through a symlink or a hard link to
    /// the database of a running daemon is refused as busy, and the running one is unharmed.
    @Test func aSecondDaemonThroughASymlinkOrAHardLinkIsRefusedAsBusy() async throws {
        let path = try await Self.seededDatabases(copies: 1)[0]
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        let symlink = directory.appendingPathComponent("symlink.sqlite").path
        let hardLink = directory.appendingPathComponent("hardlink.sqlite").path
        try FileManager.default.createSymbolicLink(atPath: symlink, withDestinationPath: path)
        try FileManager.default.linkItem(atPath: path, toPath: hardLink)
        // Given a daemon running on the database's own path
        let daemon = try PhotoFeedProcess.Running(["sync", "--db", path, "--clock", "real", "--concurrency", "1"],
                                                  limit: .seconds(60))
        try await Self.requireLockSeen(path)
        // When daemons start through the symlink and the hard link, Then both exit 75
        for other in [symlink, hardLink] {
            let second = try await PhotoFeedProcess.run(["sync", "--db", other, "--clock", "virtual"])
            #expect(second.status == 75, "\(other): \(second.standardError)")
            #expect(second.standardError.contains("error: another photofeed sync holds \(other)"))
        }
        // And the first one stops cleanly
        daemon.signal(SIGTERM)
        let result = await daemon.finish()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.killed == false)
    }

    @Test func sigtermStopsARunningDaemonCleanly() async throws {
        let path = try await Self.seededDatabases(copies: 1)[0]
        let daemon = try PhotoFeedProcess.Running(["sync", "--db", path, "--clock", "real", "--concurrency", "1"],
                                                  limit: .seconds(60))
        // Given the daemon running: it holds its lock
        try await Self.requireLockSeen(path)
        // When SIGTERM arrives
        daemon.signal(SIGTERM)
        let result = await daemon.finish()
        // Then it stops cleanly, well before its kill timer
        #expect(result.status == 0, "SIGTERM stops cleanly: \(result.standardError)")
        #expect(result.killed == false)
    }

    @Test func feedReadersInOtherProcessesNeverFailWhileTheDaemonWrites() async throws {
        let path = try await Self.seededDatabases(copies: 1)[0]
        let daemon = try PhotoFeedProcess.Running(["sync", "--db", path, "--clock", "real", "--concurrency", "16",
                                                  "--batch-size", "4", "--duration", "60"])
        // Given the daemon running (it holds its lock), readers read for two seconds; a read
        // counts as concurrent when the lock is still held after it ends.
        try await Self.requireLockSeen(path)
        var reads = 0, concurrentReads = 0
        let until = ContinuousClock.now + .milliseconds(2000)
        while ContinuousClock.now < until {
            let width = ["320", "375", "414"][reads % 3]
            let page = try await PhotoFeedProcess.run(["feed", "--db", path, "--width", width, "--limit", "30",
                                                       "--format", "json"])
            #expect(page.status == 0, "\(page.standardError)")
            #expect(page.standardOutput.hasPrefix("{\"items\":["))
            reads += 1
            if Self.isFlocked(path) { concurrentReads += 1 }
        }
        daemon.signal(SIGTERM)
        let result = await daemon.finish()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.timedOut)
        #expect(reads >= 1)
        #expect(concurrentReads == reads, "every read ran while the daemon held its lock")
    }

    /// Waits (at most 30 s) until a daemon holds the lock of the database at `path`, as a running
    /// daemon does, and fails the test when none does. The lock is looked up in /proc/locks:
    /// probing it with flock could hold it at the moment the daemon tried, which then exits as
    /// busy (75).
    static func requireLockSeen(_ path: String) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while !isFlocked(path), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        try #require(isFlocked(path), "the daemon holds its lock before the test goes on")
    }
}
