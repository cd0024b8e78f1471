import ArgumentParser

/// Finds a mistyped command name in a command line and the command it most likely meant:
/// `fed --width 375` gives `fed` and `feed`, where ArgumentParser would blame `--width`.
///
/// Command names come first: from the root, each argument before the first option names a
/// subcommand of the command before it. The first that does not, where a subcommand is
/// expected, is the unknown command: a command with subcommands and no default takes no
/// other argument there, and one with a default (`jobs` runs `jobs list`) takes one only
/// when the default has positional arguments. The suggestion is the closest subcommand name
/// by ``OptionSuggestion/closest(to:among:)``'s rule.
///
/// ```swift
/// CommandSuggestion.find(in: ["fed", "--width", "375"])  // ("fed", "feed")
/// ```
enum CommandSuggestion {
    /// The first argument that should name a subcommand and names none, the subcommand closest
    /// to it (nil when none is close), and the names of the command it was meant under (`jobs`;
    /// empty under the root); nil when the command names are all known.
    static func find(in arguments: [String], root: any ParsableCommand.Type = PhotoFeedCommand.self)
        -> (unknown: String, suggestion: String?, parent: [String])? {
        var command: any ParsableCommand.Type = root
        var parent: [String] = []
        for argument in arguments {
            let subcommands = command.configuration.subcommands
            guard !argument.hasPrefix("-"), !subcommands.isEmpty, argument != "help" else { return nil }
            if let sub = subcommands.first(where: { $0.configuration.commandName == argument }) {
                command = sub
                parent.append(argument)
                continue
            }
            if let fallback = command.configuration.defaultSubcommand, takesArguments(fallback, root: root) {
                return nil
            }
            let names = Set(subcommands.compactMap { $0.configuration.commandName })
            let closest = OptionSuggestion.closest(to: "--" + argument, among: Set(names.map { "--" + $0 }))
            return (argument, closest.map { String($0.dropFirst(2)) }, parent)
        }
        return nil
    }

    /// Whether `command` has positional arguments (its help lists them).
    private static func takesArguments(_ command: any ParsableCommand.Type, root: any ParsableCommand.Type) -> Bool {
        root.helpMessage(for: command, columns: 1_000).contains("\nARGUMENTS:\n")
    }
}
