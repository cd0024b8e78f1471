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
package struct CommandLogHandler: LogHandler {
    package var logLevel: Logger.Level
    package var metadata: Logger.Metadata = [:]
    package var metadataProvider: Logger.MetadataProvider?
    private let label: String
    private let output: CommandOutput
    private let now: @Sendable () -> Date

    package init(label: String, level: Logger.Level, output: CommandOutput = .current,
         now: @escaping @Sendable () -> Date = { Date() }) {
        self.label = label
        self.logLevel = level
        self.output = output
        self.now = now
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
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

/// `--log-level`: the least severe level a log shows (`sync`, `serve`). Without the option,
/// `$LOG_LEVEL` when it is set, else `info`.
package enum LogLevelOption: String, ExpressibleByArgument, CaseIterable, Sendable {
    case trace, debug, info, notice, warning, error, critical

    package var level: Logger.Level { Logger.Level(rawValue: rawValue)! }

    /// `$LOG_LEVEL` (any case), or `info` when it is unset or names no level (which
    /// ``checkEnvironment()`` refuses).
    package static var environmentDefault: LogLevelOption {
        ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap { Self(rawValue: $0.lowercased()) } ?? .info
    }

    /// Refuses a `$LOG_LEVEL` that names no level, as a usage error.
    package static func checkEnvironment() throws {
        guard let value = ProcessInfo.processInfo.environment["LOG_LEVEL"], Self(rawValue: value.lowercased()) == nil
        else { return }
        throw ValidationError("LOG_LEVEL must be one of \(allCases.map(\.rawValue).joined(separator: ", ")), "
                              + "not \"\(value)\"")
    }
}
