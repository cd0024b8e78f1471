import ArgumentParser
import Foundation
import PhotoFeedCLI
import LayoutTestSupport
import Testing
import StoreTestSupport

/// One name per concept and one statement per default: every command's seed is `--rng-seed`
/// (`session --seed` stays as a hidden alias), help states each default once, and
/// `--columns N` draws N columns.
@Suite(.blockingWork) struct OneNamePerConceptTests {
    @Test func sessionTakesRngSeedAndStillAcceptsSeed() async throws {
        let db = try FeedTestStore.seededFile()
        let arguments = ["session", "--db", db, "--speed", "1500", "--duration", "1"]
        let named = await CommandRunner.runAsync(arguments + ["--rng-seed", "9"])
        let alias = await CommandRunner.runAsync(arguments + ["--seed", "9"])
        #expect(named.status == 0 && alias.status == 0)
        #expect(named.out.first == "session 375×667 @2x, speed 1500 pt/s, 60 steps/s, seed 9")
        #expect(named.out == alias.out)

        let help = PhotoFeedCommand.helpMessage(for: SessionCommand.self, columns: 1_000)
        #expect(help.contains("--rng-seed <rng-seed>"))
        #expect(!help.contains("--seed "))

        // A hidden option is known: another mistake is blamed, not it.
        let wrong = await CommandRunner.runAsync(["session", "--seed", "9", "--width", "0"])
        #expect(wrong.err == ["error: --width must be from 1 to 10000 points, not 0 (see 'photofeed session --help')"])
    }

    /// Every command's help, option by option: a default is stated once (ArgumentParser's
    /// "(default: …)" or the help's own words for an optional value), and the values of a
    /// format are listed once.
    @Test func helpStatesEachDefaultOnce() {
        var commands: [any ParsableCommand.Type] = [PhotoFeedCommand.self]
        var checked = 0
        while let command = commands.popLast() {
            commands += command.configuration.subcommands
            let help = PhotoFeedCommand.helpMessage(for: command, columns: 1_000)
            for block in Self.optionBlocks(help) {
                checked += 1
                #expect(block.lowercased().components(separatedBy: "default").count <= 2, "\(block)")
                #expect(!block.contains("Output format:"), "\(block)")
            }
        }
        #expect(checked > 50)
    }

    @Test func layoutShowDrawsTheColumnsAsked() throws {
        let db = try FeedTestStore.seededFile()
        for columns in [40, 80] {
            let result = CommandRunner.run(["layout", "show", "--db", db, "--photo", "3", "--width", "375",
                                            "--columns", "\(columns)"])
            #expect(result.status == 0)
            // The drawing: the lines between the header and the list of frames.
            let drawing = result.out.joined(separator: "\n").split(separator: "\n").dropFirst()
                .filter { !$0.contains(": (") }
            #expect(drawing.map(\.count).max() == columns)
            #expect(drawing.contains { $0.hasPrefix("+photo") && $0.count == columns })
        }
    }

    /// The help's option entries: each starts on a line indented by two spaces and a dash.
    static func optionBlocks(_ help: String) -> [String] {
        var blocks: [String] = []
        var inOptions = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasSuffix(":") && !line.hasPrefix(" ") { inOptions = line == "OPTIONS:"; continue }
            guard inOptions, !line.isEmpty else { continue }
            if line.hasPrefix("  -") {
                blocks.append(String(line))
            } else if !blocks.isEmpty {
                blocks[blocks.count - 1] += " " + line
            }
        }
        return blocks
    }
}
