import FeedModel
import FeedStore
import Foundation
import LayoutTestSupport
import Testing

/// Seed files that would lose or overwrite rows are refused alike by both stores, naming the
/// file and line, and leave the database as it was: a curated id in the generated rows' range
/// (one billion and above), and a `cities.tsv` whose first line is a city instead of the header.
@Suite("Both stores refuse seed files that would lose or overwrite rows", .blockingWork, .timeLimit(minutes: 10))
struct SharedSeedFileRefusalTests {
    /// A copy of the curated seed files in a new directory, with `file` changed by `edit`.
    static func seedData(changing file: String, _ edit: ([String]) -> [String]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("photofeed-seed-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for name in ["users.jsonl", "photos.jsonl", "comments.jsonl", "cities.tsv", "vocabulary.json"] {
            try FileManager.default.copyItem(at: StoreFactory.seedDataDirectory.appendingPathComponent(name),
                                             to: directory.appendingPathComponent(name))
        }
        let url = directory.appendingPathComponent(file)
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
        try (edit(lines).joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        return directory
    }

    @Test(arguments: StoreBackend.allCases)
    func aCuratedIdInTheGeneratedRangeIsRefused(_ backend: StoreBackend) throws {
        // Given a database with generated photos, and a curated photo with a generated photo's id
        let store = try StoreFactory.make(backend)
        try store.seeding.seedGenerated(count: 5, rngSeed: 3, seedDataDirectory: StoreFactory.seedDataDirectory,
                                        progress: nil)
        let before = try store.reading.feedPage(after: nil, limit: 10).items.map(\.photo)
        let directory = try Self.seedData(changing: "photos.jsonl") { lines in
            lines + [lines[0].replacingOccurrences(of: #"{"id":1,"#, with: #"{"id":1000000001,"#)]
        }
        let photos = directory.appendingPathComponent("photos.jsonl").path
        let line = try String(contentsOfFile: photos, encoding: .utf8).split(separator: "\n").count
        // When the curated set is seeded, Then it is refused naming the line, and nothing changed
        #expect(throws: SeedError(file: photos, line: line, path: "$.id",
                                  message: "id 1000000001 is in the generated rows' range (1000000000 and above); "
                                      + "curated ids lie below it")) {
            try store.seeding.seedCurated(from: directory, progress: nil)
        }
        #expect(try store.reading.feedPage(after: nil, limit: 10).items.map(\.photo) == before)
    }

    @Test(arguments: StoreBackend.allCases)
    func aCitiesFileWithoutItsHeaderIsRefused(_ backend: StoreBackend) throws {
        let store = try StoreFactory.make(backend)
        let directory = try Self.seedData(changing: "cities.tsv") { Array($0.dropFirst()) }
        let cities = directory.appendingPathComponent("cities.tsv").path
        #expect {
            try store.seeding.seedCurated(from: directory, progress: nil)
        } throws: { error in
            guard let error = error as? SeedError else { return false }
            return error.file == cities && error.line == 1
                && error.message.hasPrefix("expected the header line naming the columns (id, name, region, ")
        }
        #expect(try store.reading.feedPage(after: nil, limit: 10).items.isEmpty)
    }
}
