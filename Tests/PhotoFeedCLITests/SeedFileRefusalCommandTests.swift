import Foundation
import PhotoFeedCLI
import LayoutTestSupport
import Testing
import StoreTestSupport

/// `seed` refuses seed files that would lose or overwrite rows with one `error:` line naming
/// the file and line (65), and leaves the database as it was.
@Suite(.blockingWork) struct SeedFileRefusalCommandTests {
    static func seedData(changing file: String, _ edit: ([String]) -> [String]) throws -> URL {
        let directory = try FeedTestStore.temporaryDirectory()
        for name in ["users.jsonl", "photos.jsonl", "comments.jsonl", "cities.tsv", "vocabulary.json"] {
            try FileManager.default.copyItem(
                at: FeedTestStore.projectRoot.appendingPathComponent("seed-data/\(name)"),
                to: directory.appendingPathComponent(name))
        }
        let url = directory.appendingPathComponent(file)
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
        try (edit(lines).joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        return directory
    }

    @Test func aCuratedIdOfOneBillionOrMoreIsRefused() async throws {
        let db = try FeedTestStore.temporaryDirectory().appendingPathComponent("feed.sqlite").path
        let generated = await CommandRunner.runAsync(["seed", "--db", db, "--generate", "3", "--format", "json"])
        #expect(generated.status == 0)
        let directory = try Self.seedData(changing: "users.jsonl") { lines in
            var lines = lines
            lines[1] = lines[1].replacingOccurrences(of: #"{"id":2,"#, with: #"{"id":1000000002,"#)
            return lines
        }
        let result = await CommandRunner.runAsync(["seed", "--db", db, "--seed-data", directory.path])
        #expect(result.status == 65)
        #expect(result.err == ["error: \(directory.path)/users.jsonl:2: $.id: id 1000000002 is in the generated "
                               + "rows' range (1000000000 and above); curated ids lie below it"])
        let after = await CommandRunner.runAsync(["seed", "--db", db, "--generate", "3", "--format", "json"])
        #expect(after.out == generated.out, "the generated rows are as they were")
    }

    @Test func aCitiesFileWithoutItsHeaderIsRefused() async throws {
        let db = try FeedTestStore.temporaryDirectory().appendingPathComponent("feed.sqlite").path
        let directory = try Self.seedData(changing: "cities.tsv") { Array($0.dropFirst()) }
        let result = await CommandRunner.runAsync(["seed", "--db", db, "--seed-data", directory.path])
        #expect(result.status == 65)
        #expect(result.err == ["error: \(directory.path)/cities.tsv:1: expected the header line naming the "
                               + "columns (id, name, region, country_code, country, latitude, longitude, "
                               + "population, optionally administrative_area, sub_administrative_area, "
                               + "tab-separated), got a line whose first field is \"362\""])
    }
}
