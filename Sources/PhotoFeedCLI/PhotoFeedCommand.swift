import ArgumentParser

/// The `photofeed` command line (`docs/cli.md`) of the lean executable: every command, and a
/// `serve` that only says where the HTTP service is (``ServeUnavailableCommand``).
///
/// The `photofeed-server` executable has a root command of its own made with
/// ``rootConfiguration(adding:)`` from the same ``commonSubcommands`` plus its real `serve`, and runs
/// through the same ``execute(_:root:)``, so both print and exit alike.
public struct PhotoFeedCommand: AsyncParsableCommand {
    public static let configuration: CommandConfiguration = rootConfiguration(adding: [ServeUnavailableCommand.self])

    /// The commands every `photofeed` executable has, in the order help lists them.
    public static let commonSubcommands: [any ParsableCommand.Type] = [
        DemoCommand.self, MigrateCommand.self, SeedCommand.self, FeedCommand.self, ChangesCommand.self, SyncCommand.self,
        JobsCommand.self, SessionCommand.self,
        LayoutsCommand.self, LayoutCommand.self,
    ]

    /// The root `photofeed` configuration with ``commonSubcommands`` followed by `extra`.
    public static func rootConfiguration(adding extra: [any ParsableCommand.Type]) -> CommandConfiguration {
        CommandConfiguration(
            commandName: "photofeed",
            abstract: "Texture's layout engine and a photo feed built on it.",
            version: PhotoFeedVersion.description,
            subcommands: commonSubcommands + extra
        )
    }

    public init() {}

    /// Makes sure that no file the process opens takes the place of a closed standard stream
    /// (``StandardDescriptors``). The executable calls it first, before the async runtime
    /// opens descriptors of its own.
    public static func reserveClosedStandardStreams() {
        StandardDescriptors.reserveClosed()
    }

    /// Runs the process's own command line (the executable's `main.swift`).
    public static func executeProcessArguments() async -> Int32 {
        await execute(rawArguments: ArgumentBytes.process())
    }

    /// Runs the process's own command line with `root` as the root command.
    public static func executeProcessArguments<Root: AsyncParsableCommand>(root: Root.Type) async -> Int32 {
        await execute(rawArguments: ArgumentBytes.process(), root: root)
    }

    /// Runs a command line as it is, bytes and all: an argument that is not UTF-8
    /// is refused with status 64 and shown with its bytes escaped (``ArgumentBytes``), never
    /// changed into another path.
    public static func execute(rawArguments: [[UInt8]]) async -> Int32 {
        await execute(rawArguments: rawArguments, root: Self.self)
    }

    /// ``execute(rawArguments:)`` with `root` as the root command.
    public static func execute<Root: AsyncParsableCommand>(rawArguments: [[UInt8]], root: Root.Type) async -> Int32 {
        switch ArgumentBytes.decode(rawArguments) {
        case .success(let arguments):
            return await execute(arguments, root: root)
        case .failure(let error):
            CommandOutput.current.error(error.description)
            return ExitCode.validationFailure.rawValue
        }
    }

    /// Parses and runs `arguments` (without the program's name) as the executable does, writing
    /// through ``CommandOutput/current``, and returns the exit status: the command's own, or 74
    /// (EX_IOERR) with an `error:` line when what it wrote to standard output was lost.
    public static func execute(_ arguments: [String]) async -> Int32 {
        await execute(arguments, root: Self.self)
    }

    /// ``execute(_:)`` with `root` as the root command (the server executable's).
    public static func execute<Root: AsyncParsableCommand>(_ arguments: [String], root: Root.Type) async -> Int32 {
        let status: Int32
        do {
            var command = try await root.asyncParseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            status = 0
        } catch {
            status = finish(error, arguments: arguments, root: root)
        }
        let output = CommandOutput.current
        guard status == 0, let failure = output.standardOutputFailure() else { return status }
        output.error("cannot write to standard output: \(failure)")
        return 74
    }

    /// What ends parsing or running, written through ``CommandOutput/current``, and the status
    /// to exit with: help and `--version` on standard output (0); otherwise one `error:` line on
    /// standard error: a usage error's (64, ``UsageErrorLine``, with the option `arguments`
    /// most likely meant when one is mistyped), or ``CommandFailure``'s for an error a command
    /// threw; nothing for an ``ExitCode``, whose thrower has reported already.
    public static func finish(_ error: any Error, arguments: [String] = []) -> Int32 {
        finish(error, arguments: arguments, root: Self.self)
    }

    /// ``finish(_:arguments:)`` for a command line parsed with `root` as the root command.
    public static func finish<Root: ParsableCommand>(_ error: any Error, arguments: [String] = [],
                                                     root: Root.Type) -> Int32 {
        let status = root.exitCode(for: error)
        let output = CommandOutput.current
        if status == .success {
            let message = root.fullMessage(for: error)
            if !message.isEmpty { output.standardOutput(message) }
            return status.rawValue
        }
        if let exit = error as? ExitCode { return exit.rawValue }
        guard status == .validationFailure else { return CommandFailure.report(error).rawValue }
        output.error(UsageErrorLine.message(for: error, arguments: arguments, root: root))
        return status.rawValue
    }
}
