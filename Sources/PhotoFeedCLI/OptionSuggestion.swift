import ArgumentParser

/// Finds a mistyped long option in a command line and the option it most likely meant:
/// `feed --widht 3` gives `--widht` and `--width`.
///
/// The command is the deepest subcommand the arguments name (`layout show …` is
/// ``LayoutShowCommand``; `jobs …` is its default, `jobs list`); its options are the `--name`s
/// its help lists, so hidden options are never suggested (though known: never reported as
/// unknown). The suggestion is the option at the smallest edit distance (insertions,
/// deletions, substitutions and swaps of two neighbours each count 1), if that distance is at
/// most 2 and less than half the typed name's length.
///
/// ```swift
/// OptionSuggestion.find(in: ["feed", "--widht", "3"])  // ("--widht", "--width")
/// ```
enum OptionSuggestion {
    /// The first long option in `arguments` that the command does not know, and the known
    /// option closest to it (nil when none is close); nil when every option is known. `root`
    /// is the executable's root command (`photofeed-server` adds `serve`).
    static func find(in arguments: [String], root: any ParsableCommand.Type = PhotoFeedCommand.self)
        -> (unknown: String, suggestion: String?)? {
        let command = commandType(named: arguments, root: root)
        let known = optionNames(of: command, root: root)
        let hidden = optionNames(of: command, root: root, includeHidden: true)
        for argument in arguments.prefix(while: { $0 != "--" }) where argument.hasPrefix("--") {
            let name = String(argument.prefix(while: { $0 != "=" }))
            guard !hidden.contains(name) else { continue }
            return (name, closest(to: name, among: known))
        }
        return nil
    }

    /// The subcommand that `arguments` name, following command names from the root, and then
    /// a command's default subcommand (`jobs --limit 0` runs `jobs list`).
    static func commandType(named arguments: [String],
                            root: any ParsableCommand.Type = PhotoFeedCommand.self) -> any ParsableCommand.Type {
        var command: any ParsableCommand.Type = root
        for argument in arguments where !argument.hasPrefix("-") {
            let subcommands = command.configuration.subcommands
            guard let sub = subcommands.first(where: { $0.configuration.commandName == argument }) else { break }
            command = sub
        }
        while let fallback = command.configuration.defaultSubcommand { command = fallback }
        return command
    }

    /// The long options (`--width`) that `command`'s help lists, with `includeHidden` also
    /// those it does not (a hidden option is known, never suggested).
    static func optionNames(of command: any ParsableCommand.Type,
                            root: any ParsableCommand.Type = PhotoFeedCommand.self,
                            includeHidden: Bool = false) -> Set<String> {
        let help = root.helpMessage(for: command, includeHidden: includeHidden, columns: 1_000)
        var names: Set<String> = ["--help"]
        var rest = Substring(help)
        while let start = rest.range(of: "--") {
            let name = rest[start.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "-" }
            if let first = name.first, first.isLetter { names.insert("--" + name) }
            rest = rest[start.upperBound...].dropFirst(name.count)
        }
        return names
    }

    static func closest(to name: String, among known: Set<String>) -> String? {
        let typed = Array(name.dropFirst(2))
        let ranked = known.map { (option: $0, distance: editDistance(typed, Array($0.dropFirst(2)))) }
            .filter { $0.distance <= 2 && 2 * $0.distance < typed.count }
            .sorted { ($0.distance, $0.option) < ($1.distance, $1.option) }
        return ranked.first?.option
    }

    /// The optimal string alignment distance between `a` and `b`.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
