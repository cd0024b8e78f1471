import Foundation
import GRDB
import LayoutTestSupport
import Testing
import StoreTestSupport

/// Commands on files that are not their database, and commands racing on a new one: another
/// application's SQLite file is refused with 65 and left as it was; two first uses at once both
/// succeed; a second generated seed is refused with 65.
@Suite(.blockingWork) struct DatabaseSafetyCommandTests {
    /// Another application's SQLite file: a table, a row, no application id.
    static func foreignDatabase() throws -> String {
        let path = try FeedTestStore.temporaryDirectory().appendingPathComponent("notes.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO note VALUES (1, 'x')")
        }
        try queue.close()
        return path
    }

    static func files(_ path: String) -> [Data?] {
        ["", "-wal", "-shm", "-journal"].map { FileManager.default.contents(atPath: path + $0) }
    }

    @Test(arguments: [["feed", "--width", "375"], ["migrate"], ["seed", "--generate", "5"], ["layouts", "report"]])
    func anotherApplicationsDatabaseIsRefusedWith65AndUnchanged(command: [String]) throws {
        // Given another application's SQLite file
        let path = try Self.foreignDatabase()
        let before = Self.files(path)
        // When a command runs on it
        let result = CommandRunner.run(command + ["--db", path])
        // Then it exits 65 with one error line naming the file, and not a byte changed
        #expect(result.status == 65)
        #expect(result.err == ["error: \(path) is another application's SQLite database, not a photofeed one; "
            + "it was left unchanged"])
        #expect(result.out.isEmpty)
        #expect(Self.files(path) == before)
    }

    @Test func twoMigratesOfOneNewDatabaseAtOnceBothSucceed() throws {
        for round in 1 ... 10 {
            let path = try FeedTestStore.temporaryDirectory().appendingPathComponent("new.sqlite").path
            let group = DispatchGroup()
            let statuses = StatusBox()
            for _ in 0 ..< 2 {
                DispatchQueue.global().async(group: group) {
                    let result = CommandRunner.run(["migrate", "--db", path, "--format", "json"])
                    statuses.append(result.status, result.err)
                }
            }
            group.wait()
            let (codes, errors) = statuses.values
            #expect(codes == [0, 0], "round \(round): \(errors)")
        }
    }

    @Test func aGeneratedSeedOverAnotherIsRefusedWith65() throws {
        let path = try FeedTestStore.temporaryDirectory().appendingPathComponent("generated.sqlite").path
        let first = CommandRunner.run(["seed", "--db", path, "--generate", "5", "--rng-seed", "1"])
        try #require(first.status == 0, "\(first.err)")
        let again = CommandRunner.run(["seed", "--db", path, "--generate", "5", "--rng-seed", "1"])
        #expect(again.status == 0)
        #expect(again.out == first.out)
        let other = CommandRunner.run(["seed", "--db", path, "--generate", "5", "--rng-seed", "2"])
        #expect(other.status == 65)
        #expect(other.err == ["error: \(path): holds the photos of --generate 5 --rng-seed 1; --generate 5 "
            + "--rng-seed 2 would replace rows with the same ids: generate into another database (--db), "
            + "or repeat --generate 5 --rng-seed 1"])
    }
}

/// Statuses and error lines of commands run on other threads, under a lock.
private final class StatusBox: @unchecked Sendable {
    private let lock = NSLock()
    private var codes: [Int32] = []
    private var errors: [String] = []

    func append(_ code: Int32, _ lines: [String]) {
        lock.withLock {
            codes.append(code)
            errors += lines
        }
    }

    var values: ([Int32], [String]) { lock.withLock { (codes, errors) } }
}
