import ArgumentParser
import Foundation
import Logging

/// A swift-log handler that writes each record as one line on standard error through
/// ``CommandOutput``: the time (ISO 8601, UTC, milliseconds), the level, the logger's label, the
/// message, then the metadata as `key=value` sorted by key (a value with spaces, quotes or `=`
/// in quotes).
///
/// ```
/// 2026-11-26T12:00:03.412Z info photofeed.sync: started clock=virtual database=feed.sqlite pending=412 seed=1
/// ```
struct CommandLogHandler: LogHandler {
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?
    private let label: String
    private let output: CommandOutput
    private let now: @Sendable () -> Date

    init(label: String, level: Logger.Level, output: CommandOutput = .current,
         now: @escaping @Sendable () -> Date = { Date() }) {
        self.label = label
        self.logLevel = level
        self.output = output
        self.now = now
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var fields = metadata
        if let provided = metadataProvider?.get() { fields.merge(provided) { _, new in new } }
        if let own = event.metadata { fields.merge(own) { _, new in new } }
        if let error = event.error { fields["error"] = "\(error)" }
        var line = "\(Self.timestamp(now())) \(event.level.rawValue) \(label): \(event.message)"
        for (key, value) in fields.sorted(by: { $0.key < $1.key }) {
            line += " \(key)=\(Self.quoted("\(value)"))"
        }
        output.standardError(line)
    }

    static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// `value` as it is, or in double quotes (with `"` and `\` escaped) when it is empty or holds
    /// a space, a quote, an `=` or a control character.
    static func quoted(_ value: String) -> String {
        let plain = !value.isEmpty && value.unicodeScalars.allSatisfy { scalar in
            !(scalar == " " || scalar == "\"" || scalar == "=" || scalar == "\\" || scalar.properties.generalCategory == .control)
        }
        if plain { return value }
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default:
                if scalar.properties.generalCategory == .control {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

/// `--log-level`: the least severe level the daemon's log shows.
enum LogLevelOption: String, ExpressibleByArgument, CaseIterable, Sendable {
    case trace, debug, info, notice, warning, error, critical

    var level: Logger.Level { Logger.Level(rawValue: rawValue)! }
}
