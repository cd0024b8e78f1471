import ArgumentParser

/// `photofeed serve` in the lean executable, which links no HTTP stack: one `error:` line saying
/// where the service is, and status 69 (EX_UNAVAILABLE), whatever the arguments.
///
/// `bin/photofeed serve …` builds and runs the `photofeed-server` product, whose `serve` is the
/// real one (the `FeedService` module).
public struct ServeUnavailableCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "The feed over HTTP (in the photofeed-server build: run it as bin/photofeed serve).")

    /// The status of every `serve` in this executable.
    public static let exitStatus: Int32 = 69

    /// The line's text (after `error: `).
    public static let message = "serve is in the photofeed-server build, not this executable: run "
        + "'bin/photofeed serve …' (which builds it), or 'swift build -c release --product photofeed-server'"

    @Argument(parsing: .allUnrecognized, help: .hidden) var arguments: [String] = []

    public init() {}

    public func run() throws {
        CommandOutput.current.error(Self.message)
        throw ExitCode(Self.exitStatus)
    }
}
