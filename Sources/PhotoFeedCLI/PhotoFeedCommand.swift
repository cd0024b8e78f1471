import ArgumentParser

/// The `photofeed` command line (`docs/cli.md`).
public struct PhotoFeedCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "photofeed",
        abstract: "Texture's layout engine and a photo feed built on it.",
        subcommands: [
            DemoCommand.self, MigrateCommand.self, SeedCommand.self, FeedCommand.self, SyncCommand.self,
            LayoutsCommand.self, LayoutCommand.self,
        ]
    )

    public init() {}
}
