import Foundation
import ArgumentParser

/// A usage error (status 64) as the text of the contract's one `error:` line.
///
/// ArgumentParser's message (`Missing expected argument '--width <width>'`, a command's own
/// `ValidationError`) keeps its words, starts in lower case, and ends with where the options
/// are listed. When the arguments name a command that does not exist, that is the error
/// reported, with the command it most likely meant (``CommandSuggestion``); else, when they
/// hold a long option the command does not know, that option, with the one it most likely
/// meant (``OptionSuggestion``): a mistyped `--widht` makes `--width` look missing, but the typo
/// is what the user must fix.
///
/// ```
/// error: unknown command 'fed'; did you mean 'feed'? (see 'photofeed --help')
/// error: unknown option '--widht'; did you mean '--width'? (see 'photofeed feed --help')
/// ```
enum UsageErrorLine {
    static func message<Root: ParsableCommand>(for error: any Error, arguments: [String],
                                               root: Root.Type = PhotoFeedCommand.self) -> String {
        let hint = helpHint(root.fullMessage(for: error))
        if let (unknown, suggestion, parent) = CommandSuggestion.find(in: arguments, root: root) {
            let meant = suggestion.map { "; did you mean '\($0)'?" } ?? ""
            let help = ([root.configuration.commandName ?? "photofeed"] + parent + ["--help"]).joined(separator: " ")
            return "unknown command '\(unknown)'\(meant) (see '\(help)')"
        }
        if let (unknown, suggestion) = OptionSuggestion.find(in: arguments, root: root) {
            let meant = suggestion.map { "; did you mean '\($0)'?" } ?? ""
            return "unknown option '\(unknown)'\(meant)\(hint)"
        }
        let message = root.message(for: error)
            .split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            .joined(separator: "; ")
            .replacingOccurrences(of: ". Did you mean", with: "; did you mean")
        return lowercasedFirstWord(message) + hint
    }

    /// ` (see 'photofeed feed --help')`, from ArgumentParser's "See '…' for more information."
    /// line, or empty.
    static func helpHint(_ fullMessage: String) -> String {
        guard let start = fullMessage.range(of: "See '"),
              let end = fullMessage[start.upperBound...].firstIndex(of: "'") else { return "" }
        return " (see '\(fullMessage[start.upperBound..<end])')"
    }

    /// `Unknown option …` → `unknown option …`; a message that starts with an option, a
    /// quoted value or an acronym stays as it is.
    static func lowercasedFirstWord(_ message: String) -> String {
        let word = message.prefix { $0.isLetter }
        guard word.count > 1, word.first!.isUppercase, word.dropFirst().allSatisfy(\.isLowercase) else {
            return message
        }
        return word.lowercased() + message.dropFirst(word.count)
    }
}
