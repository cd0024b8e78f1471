import ArgumentParser

/// The `photofeed` command line (`docs/cli.md`).
public struct PhotoFeedCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "photofeed",
        abstract: "Texture's layout engine and a photo feed built on it.",
        version: PhotoFeedVersion.description,
        subcommands: [
            DemoCommand.self, MigrateCommand.self, SeedCommand.self, FeedCommand.self, SyncCommand.self,
            JobsCommand.self,
            LayoutsCommand.self, LayoutCommand.self,
        ]
    )

    public init() {}

    /// Parses and runs `arguments` (without the program's name) as the executable does, writing
    /// through ``CommandOutput/current``, and returns the exit status.
    public static func execute(_ arguments: [String]) async -> Int32 {
        do {
            var command = try await asyncParseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return 0
        } catch {
            return finish(error)
        }
    }

    /// What ArgumentParser prints for an error that ends parsing or running, written through
    /// ``CommandOutput/current`` (help and `--version` on standard output, a usage error on
    /// standard error, nothing for an ``ExitCode``), and the status to exit with.
    public static func finish(_ error: any Error) -> Int32 {
        let status = exitCode(for: error)
        let message = fullMessage(for: error)
        if !message.isEmpty {
            let output = CommandOutput.current
            status == .success ? output.standardOutput(message) : output.standardError(message)
        }
        return status.rawValue
    }
}
