@testable import FeedModel
import Foundation
import GRDB
import StoreTestSupport
import LayoutTestSupport
import Testing

/// Every kind of bad seed file is refused with its file, line and JSON path, and leaves the
/// database exactly as it was.
@Suite(.blockingWork) struct BadSeedFileTests {
    struct Breakage: Sendable, CustomStringConvertible {
        var name: String
        var file: String
        var line: Int
        var replacement: String
        var expectedLine: Int
        var expectedPath: String?
        var expectedMessage: String
        var description: String { name }
    }

    static let breakages: [Breakage] = [
        Breakage(name: "bad JSON", file: "photos.jsonl", line: 2, replacement: #"{"id":2,"ownerId":1,"#,
                 expectedLine: 2, expectedPath: nil, expectedMessage: "invalid JSON"),
        Breakage(name: "wrong type", file: "photos.jsonl", line: 3,
                 replacement: #"{"id":3,"ownerId":1,"url":"u","pixelWidth":"wide","pixelHeight":1,"title":"","#
                    + #""description":"","likes":0,"uploadedAt":"2024-01-01T00:00:00Z","location":null}"#,
                 expectedLine: 3, expectedPath: "$.pixelWidth", expectedMessage: "expected an integer"),
        Breakage(name: "wrong nested type", file: "photos.jsonl", line: 1,
                 replacement: #"{"id":1,"ownerId":1,"url":"u","pixelWidth":1,"pixelHeight":1,"title":"","#
                    + #""description":"","likes":0,"uploadedAt":"2024-01-01T00:00:00Z","#
                    + #""location":{"latitude":"north","longitude":1}}"#,
                 expectedLine: 1, expectedPath: "$.location.latitude", expectedMessage: "expected a number"),
        Breakage(name: "missing field", file: "users.jsonl", line: 2,
                 replacement: #"{"id":2,"username":"u2","avatarURL":"https://a.example/2.jpg"}"#,
                 expectedLine: 2, expectedPath: "$.fullName", expectedMessage: "missing field \"fullName\""),
        Breakage(name: "unknown owner", file: "photos.jsonl", line: 5,
                 replacement: #"{"id":5,"ownerId":99,"url":"u","pixelWidth":1,"pixelHeight":1,"title":"","#
                    + #""description":"","likes":0,"uploadedAt":"2024-01-01T00:00:00Z","location":null}"#,
                 expectedLine: 5, expectedPath: "$.ownerId", expectedMessage: "unknown user id 99"),
        Breakage(name: "unknown photo", file: "comments.jsonl", line: 1,
                 replacement: #"{"id":1,"photoId":777,"authorId":1,"body":"?","createdAt":"2024-02-01T00:00:00Z"}"#,
                 expectedLine: 1, expectedPath: "$.photoId", expectedMessage: "unknown photo id 777"),
        Breakage(name: "bad time", file: "comments.jsonl", line: 2,
                 replacement: #"{"id":4,"photoId":4,"authorId":1,"body":"?","createdAt":"yesterday"}"#,
                 expectedLine: 2, expectedPath: "$.createdAt",
                 expectedMessage: "expected an ISO 8601 time like 2024-03-29T10:07:00Z, got \"yesterday\""),
        Breakage(name: "duplicate username", file: "users.jsonl", line: 3,
                 replacement: #"{"id":3,"username":"user1","fullName":"X","avatarURL":"https://a.example/3.jpg"}"#,
                 expectedLine: 3, expectedPath: nil,
                 expectedMessage: "rejected by the schema: UNIQUE constraint failed: user.username"),
        Breakage(name: "bad city", file: "cities.tsv", line: 3, replacement: "2988507\tParis\t11\tFR\tFrance\tnorth\t2.3\t1",
                 expectedLine: 3, expectedPath: nil, expectedMessage: "latitude: expected a number in -90...90, got \"north\""),
    ]

    @Test(arguments: StoreKind.allCases, breakages)
    func aBadFileIsRefusedAndChangesNothing(kind: StoreKind, breakage: Breakage) throws {
        // Given a database already holding the good set, and a copy of it with one bad line
        let store = try StoreFixture.store(kind)
        let good = try SmallSeed.directory()
        try store.seedCurated(from: good)
        let bad = try SmallSeed.directory()
        let url = bad.appendingPathComponent(breakage.file)
        var lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[breakage.line - 1] = breakage.replacement
        try SmallSeed.write(lines, to: url)
        // Also change a good line of another file, to prove nothing of the batch lands.
        let users = bad.appendingPathComponent("users.jsonl")
        try String(contentsOf: users, encoding: .utf8).replacingOccurrences(of: "Ελένη", with: "Changed")
            .write(to: users, atomically: true, encoding: .utf8)
        let before = try StoreFixture.snapshot(store)

        // When seeding it, Then it is refused, naming file, line and path, and nothing changed
        #expect(throws: SeedError(file: url.path, line: breakage.expectedLine, path: breakage.expectedPath,
                                  message: breakage.expectedMessage)) {
            try store.seedCurated(from: bad)
        }
        #expect(try StoreFixture.snapshot(store) == before)
    }

    @Test func aMissingFileIsNamed() throws {
        let directory = try SmallSeed.directory()
        try FileManager.default.removeItem(at: directory.appendingPathComponent("comments.jsonl"))
        let path = directory.appendingPathComponent("comments.jsonl").path
        #expect(throws: SeedError(file: path, message: "missing or unreadable")) {
            try StoreFixture.store(.memory).seedCurated(from: directory)
        }
    }

    @Test func theErrorReadsFileLinePathMessage() {
        let error = SeedError(file: "seed-data/photos.jsonl", line: 12, path: "$.location.latitude",
                              message: "expected a number")
        #expect(error.description == "seed-data/photos.jsonl:12: $.location.latitude: expected a number")
    }
}
