import PhotoFeedCLI
import LayoutTestSupport
import Testing

/// The lean `photofeed` executable links no HTTP stack: its `serve`, whatever the options,
/// prints one `error:` line naming the build that serves, and exits 69 (EX_UNAVAILABLE).
@Suite(.blockingWork) struct ServeUnavailableTests {
    @Test(arguments: [["serve"], ["serve", "--port", "8080", "--with-sync"], ["serve", "--db", "x.sqlite"]])
    func serveSaysWhereTheServiceIs(arguments: [String]) async {
        let result = await CommandRunner.runAsync(arguments)
        #expect(result.status == 69)
        #expect(result.out.isEmpty)
        #expect(result.err == ["error: " + ServeUnavailableCommand.message])
        #expect(ServeUnavailableCommand.message.contains("photofeed-server"))
    }

    @Test func theServerExecutableHasEveryCommandOfTheLeanOne() {
        let lean = PhotoFeedCommand.configuration.subcommands.map { $0.configuration.commandName }
        #expect(lean == PhotoFeedCommand.commonSubcommands.map { $0.configuration.commandName } + ["serve"])
        let server = PhotoFeedCommand.rootConfiguration(adding: []).subcommands.count
        #expect(server == lean.count - 1)
    }
}
