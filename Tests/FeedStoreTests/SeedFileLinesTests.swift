@testable import FeedModel
import Foundation
import StoreTestSupport
import LayoutTestSupport
import Testing

/// Seed files end their lines with LF or CRLF, and name each id once: a second line with an id
/// the file already has is refused, naming both lines, and the database is left as it was.
@Suite(.blockingWork) struct SeedFileLinesTests {
    /// Replaces line `line` (1-based) of `file` in `directory` with `replacement`, or adds it
    /// after the last line when `line` is past the end.
    static func setLine(_ line: Int, of file: String, in directory: URL, to replacement: String) throws {
        let url = directory.appendingPathComponent(file)
        var lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
        if line > lines.count { lines.append(replacement) } else { lines[line - 1] = replacement }
        try SmallSeed.write(lines, to: url)
    }

    @Test(arguments: StoreKind.allCases)
    func aSecondUserWithTheSameIDIsRefusedNamingBothLines(kind: StoreKind) throws {
        // Given a users file whose fourth line reuses the id of the third
        let store = try StoreFixture.store(kind)
        let directory = try SmallSeed.directory()
        try Self.setLine(4, of: "users.jsonl", in: directory,
                         to: #"{"id":3,"username":"other","fullName":"Other","avatarURL":"https://a.example/o.jpg"}"#)
        let before = try StoreFixture.snapshot(store)
        let users = directory.appendingPathComponent("users.jsonl").path
        // When seeding, Then it is refused at line 4, naming line 3 too, and nothing changed
        #expect(throws: SeedError(file: users, line: 4, path: "$.id", message: "duplicate id 3, first on \(users):3")) {
            try store.seedCurated(from: directory)
        }
        #expect(try StoreFixture.snapshot(store) == before)
    }

    @Test func anExactDuplicateLineIsRefusedToo() throws {
        let store = try StoreFixture.store(.memory)
        let directory = try SmallSeed.directory()
        let photos = directory.appendingPathComponent("photos.jsonl")
        let second = try String(contentsOf: photos, encoding: .utf8).split(separator: "\n")[1]
        try Self.setLine(8, of: "photos.jsonl", in: directory, to: String(second))
        let error = try #require(throws: SeedError.self) { try store.seedCurated(from: directory) }
        #expect(error.description == "\(photos.path):8: $.id: duplicate id 2, first on \(photos.path):2")
        #expect(try store.counts().photos == 0)
    }

    @Test func aDuplicateCityIDIsRefused() throws {
        let directory = try SmallSeed.directory()
        try Self.setLine(5, of: "cities.tsv", in: directory, to: "2950159\tBerlin\t16\tDE\tGermany\t52.5\t13.4\t1")
        let cities = directory.appendingPathComponent("cities.tsv").path
        #expect(throws: SeedError(file: cities, line: 5, message: "duplicate id 2950159, first on \(cities):2")) {
            try StoreFixture.store(.memory).seedCurated(from: directory)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func crlfFilesSeedTheSameRowsAsLFFiles(kind: StoreKind) throws {
        // Given the same seed set with LF and with CRLF line ends (a blank CRLF line included)
        let lf = try SmallSeed.directory()
        let crlf = try SmallSeed.directory()
        for file in ["users.jsonl", "photos.jsonl", "comments.jsonl", "cities.tsv"] {
            let url = crlf.appendingPathComponent(file)
            let text = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "\n", with: "\r\n")
            try Data((text + "\r\n").utf8).write(to: url)
        }
        // When each seeds a database, Then both hold the same rows
        let fromLF = try StoreFixture.store(kind)
        let fromCRLF = try StoreFixture.store(kind)
        let counts = try fromLF.seedCurated(from: lf)
        #expect(try fromCRLF.seedCurated(from: crlf) == counts)
        #expect(try StoreFixture.snapshot(fromCRLF) == StoreFixture.snapshot(fromLF))
    }

    @Test func linesSplitAtLFAndCRLFOnly() {
        #expect(SeedFileReader.lines(of: "a\r\nb\nc\rd\u{2028}e\r\n").map(String.init)
                == ["a", "b", "c\rd\u{2028}e", ""])
    }
}
