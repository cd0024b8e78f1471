import Foundation

/// A benchmark's command line: named flags only (`--quick`, `--photos 20000`,
/// `--widths 375,414`). Anything else (a positional argument, an unknown flag, a flag without
/// its value) prints the usage to standard error and exits with status 2.
public struct BenchmarkOptions: Sendable {
    private var values: [String: String] = [:]
    private var switches: Set<String> = []

    /// Parses `arguments` (without the program name). `switches` are flags without a value;
    /// `valued` are flags followed by one value. `usage` is printed on a mistake.
    public init(_ arguments: [String] = Array(CommandLine.arguments.dropFirst()),
                switches allowedSwitches: Set<String>, valued: Set<String>, usage: String) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if allowedSwitches.contains(argument) {
                switches.insert(argument)
            } else if valued.contains(argument), index + 1 < arguments.count {
                values[argument] = arguments[index + 1]
                index += 1
            } else {
                Self.fail("unexpected argument \(argument)\nusage: \(usage)")
            }
            index += 1
        }
    }

    /// Whether the switch `name` was given.
    public func has(_ name: String) -> Bool { switches.contains(name) }

    /// The value of `name`, if given.
    public func string(_ name: String) -> String? { values[name] }

    /// The value of `name` as an integer, `fallback` when absent; a value that is not an
    /// integer is a usage error.
    public func int(_ name: String, default fallback: Int) -> Int {
        guard let text = values[name] else { return fallback }
        guard let value = Int(text.replacingOccurrences(of: "_", with: "")) else {
            Self.fail("\(name) takes a whole number, not \(text)")
        }
        return value
    }

    /// The value of `name` as comma-separated numbers, `fallback` when absent.
    public func doubles(_ name: String, default fallback: [Double]) -> [Double] {
        guard let text = values[name] else { return fallback }
        let parsed = text.split(separator: ",").map { Double($0) }
        guard !parsed.isEmpty, parsed.allSatisfy({ $0 != nil }) else {
            Self.fail("\(name) takes comma-separated numbers, not \(text)")
        }
        return parsed.compactMap { $0 }
    }

    /// The value of `name` as a file URL, `fallback` when absent.
    public func url(_ name: String, default fallback: URL) -> URL {
        values[name].map { URL(fileURLWithPath: $0, isDirectory: true) } ?? fallback
    }

    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("\(message)\n".utf8))
        exit(2)
    }
}
