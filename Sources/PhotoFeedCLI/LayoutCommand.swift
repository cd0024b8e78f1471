import ArgumentParser

/// `photofeed layout …`: layout tools.
public struct LayoutCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Compute and inspect layouts.",
        subcommands: [LayoutComputeCommand.self, LayoutShowCommand.self]
    )

    public init() {}
}
