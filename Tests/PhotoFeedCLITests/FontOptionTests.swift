import Foundation
import LayoutTestSupport
import PhotoFeedCLI
import StoreTestSupport
import Testing
import TextLayout

/// `--fonts FILE` and `$PHOTOFEED_FONTS`: the font set every command that lays out measures with;
/// a manifest or font file that cannot be used is one `error:` line naming it, before any work.
@Suite(.blockingWork, .timeLimit(minutes: 10)) struct FontOptionTests {
    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("font-option-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func liberationSansGivesOtherLayoutsThanTheBuiltInFonts() throws {
        let database = try FeedTestStore.seededFile()
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let manifest = try FontFixtures.write(FontFixtures.liberation, to: directory)
        let dejaVu = CommandRunner.run(["layout", "show", "--db", database, "--photo", "1", "--width", "375",
                                        "--format", "json"])
        let liberation = CommandRunner.run(["layout", "show", "--db", database, "--photo", "1", "--width", "375",
                                            "--format", "json", "--fonts", manifest])
        #expect(dejaVu.status == 0 && liberation.status == 0, "\(dejaVu.err) \(liberation.err)")
        #expect(dejaVu.out != liberation.out, "Liberation Sans sets other widths")
        // The document engine measures with the same fonts.
        let document = directory.appendingPathComponent("text.json")
        try Data(#"{"sizeRange":{"min":[0,0],"max":["inf","inf"]},"layout":{"type":"text","id":"t","text":"Fog on the water","fontSize":14}}"#.utf8)
            .write(to: document)
        let widths = [[], ["--fonts", manifest]].map { extra in
            CommandRunner.run(["layout", "compute", document.path] + extra).out
        }
        #expect(widths[0] != widths[1], "\(widths)")
    }

    @Test func aMissingManifestExits66NamingIt() throws {
        let database = try FeedTestStore.seededFile()
        let result = CommandRunner.run(["feed", "--db", database, "--width", "375", "--fonts", "/no/such/fonts.json"])
        #expect(result.status == 66)
        #expect(result.err == ["error: font manifest not found: /no/such/fonts.json"])
        #expect(result.out.isEmpty)
    }

    @Test func aMalformedManifestExits65() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let manifest = directory.appendingPathComponent("fonts.json")
        try Data(#"{"cascade":[{"bold":"b.ttf"}]}"#.utf8).write(to: manifest)
        let result = CommandRunner.run(["layout", "compute", "--fonts", manifest.path, "-"])
        #expect(result.status == 65)
        #expect(result.err == ["error: font manifest \(manifest.path): missing \"regular\" at cascade[0]"])
    }

    @Test func aMissingOrUnreadableFontFileIsNamedBeforeTheDatabaseIsTouched() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("missing.json")
        try Data(#"{"cascade":[{"regular":"NoSuchFont.ttf"}]}"#.utf8).write(to: missing)
        let notAFont = directory.appendingPathComponent("not-a-font.json")
        try Data(#"{"cascade":[{"regular":"not-a-font.json"}]}"#.utf8).write(to: notAFont)
        // A database path that does not exist: the fonts fail first, so nothing is created.
        let database = directory.appendingPathComponent("untouched.sqlite").path
        let first = CommandRunner.run(["feed", "--db", database, "--width", "375", "--fonts", missing.path])
        #expect(first.status == 66)
        #expect(first.err.count == 1 && first.err[0].hasPrefix("error: font file not found: \(directory.path)/NoSuchFont.ttf"))
        let second = CommandRunner.run(["feed", "--db", database, "--width", "375", "--fonts", notAFont.path])
        #expect(second.status == 66)
        #expect(second.err.count == 1 && second.err[0].hasPrefix("error: FreeType cannot open font \(notAFont.path)"))
        #expect(!FileManager.default.fileExists(atPath: database))
    }

    @Test(.tags(.slow), .notInQuickRuns) func theEnvironmentVariableChoosesTheFontsOfAProcess() async throws {
        let database = try FeedTestStore.seededFile()
        var environment = ProcessInfo.processInfo.environment
        environment[FontManifest.environmentVariable] = "/no/such/fonts.json"
        let result = try await PhotoFeedProcess.run(["feed", "--db", database, "--width", "375"], environment: environment)
        #expect(result.status == 66)
        #expect(result.standardError == "error: font manifest not found: /no/such/fonts.json\n")
        // --fonts wins over the environment.
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let manifest = try FontFixtures.write(FontFixtures.liberation, to: directory)
        let chosen = try await PhotoFeedProcess.run(["feed", "--db", database, "--width", "375", "--fonts", manifest],
                                                    environment: environment)
        #expect(chosen.status == 0, "\(chosen.standardError)")
    }
}
