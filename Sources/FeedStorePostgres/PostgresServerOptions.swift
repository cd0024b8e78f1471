/// libpq's `options` (the URL's `options` item, or `$PGOPTIONS`): server settings a session
/// starts with, written `-c name=value` (or `--name=value`), separated by spaces, as in
/// `options=-c%20statement_timeout%3D5s`. Two of them are the store's own limits and are kept as
/// durations (``PostgresLocation/statementTimeout``,
/// ``PostgresLocation/idleInTransactionTimeout``); the others are sent as they are.
enum PostgresServerOptions {
    /// The settings of `text`, by name (a `-` in a name read as `_`, as the server does).
    static func parse(_ text: String) throws(PostgresEnvironmentError) -> [String: String] {
        var settings: [String: String] = [:]
        var words = text.split(separator: " ").map(String.init)[...]
        while let word = words.popFirst() {
            let setting: String
            if word == "-c", let next = words.popFirst() {
                setting = next
            } else if word.hasPrefix("-c") && word.count > 2 {
                setting = String(word.dropFirst(2))
            } else if word.hasPrefix("--") {
                setting = String(word.dropFirst(2))
            } else {
                throw PostgresEnvironmentError("options must be settings written -c name=value, not '\(word)'")
            }
            guard let equals = setting.firstIndex(of: "="), equals != setting.startIndex,
                  setting.index(after: equals) != setting.endIndex else {
                throw PostgresEnvironmentError("options must be settings written -c name=value, not '\(setting)'")
            }
            let name = String(setting[..<equals].map { $0 == "-" ? "_" : $0 })
            settings[name] = String(setting[setting.index(after: equals)...])
        }
        return settings
    }

    /// A time setting as the server reads it: a whole number with a unit (`ms`, `s`, `min`, `h`,
    /// `d`), milliseconds without one; nil when it is not one.
    static func duration(_ text: String) -> Duration? {
        let digits = text.prefix { $0.isNumber }
        guard let amount = Int64(digits) else { return nil }
        let unit = text.dropFirst(digits.count).trimmingPrefix(" ")
        let milliseconds: Int64? = switch unit {
        case "", "ms": 1
        case "s": 1_000
        case "min": 60_000
        case "h": 3_600_000
        case "d": 86_400_000
        default: nil
        }
        return milliseconds.map { .milliseconds(amount * $0) }
    }

    /// `duration` in whole milliseconds, as a startup parameter.
    static func milliseconds(_ duration: Duration) -> String {
        let parts = duration.components
        return String(parts.seconds * 1_000 + parts.attoseconds / 1_000_000_000_000_000)
    }

    /// `settings` written as `options`, sorted by name.
    static func text(_ settings: [String: String]) -> String {
        settings.sorted { $0.key < $1.key }.map { "-c \($0.key)=\($0.value)" }.joined(separator: " ")
    }
}
