import ArgumentParser
import FeedStore
import Foundation

/// Maps errors to the contract's exit statuses and prints the one `error: …` line on stderr:
/// 65 bad input data, 70 internal error, 75 busy or locked database.
enum CommandFailure {
    static func run<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ExitCode {
            throw error
        } catch {
            let (status, message) = classify(error)
            StandardError.write("error: \(message)\n")
            throw ExitCode(status)
        }
    }

    static func classify(_ error: any Error) -> (Int32, String) {
        switch error {
        case let error as SeedError:
            return (65, error.description)
        case let error as FeedCursorError:
            return (64, error.description)
        case let error as MigrationError:
            if case .directoryUnreadable = error { return (70, error.description) }
            return (65, error.description)
        default:
            switch StoreFailure(error) {
            case .busy(let message)?:
                return (75, "the database is busy or locked beyond the busy timeout: \(message)")
            case .notADatabase(let message)?:
                return (65, "not a usable database: \(message)")
            case .other(let description)?:
                return (70, "database error: \(description)")
            case nil:
                return (70, "\(error)")
            }
        }
    }
}

/// Writes to stderr (unbuffered), and tells whether it is a terminal.
enum StandardError {
    static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    static var isTerminal: Bool { isatty(STDERR_FILENO) == 1 }
}

/// Prints a JSON document on stdout.
enum JSONOutput {
    /// Prints `object` as one line of JSON with sorted keys on the command's standard output.
    static func print(_ object: Any) throws {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        CommandOutput.current.standardOutput(String(decoding: data, as: UTF8.self))
    }

    /// A number, or "inf" for infinity (as in the layout-description contract).
    static func number(_ value: Double) -> Any {
        value.isInfinite ? "inf" : (value == value.rounded() && abs(value) < 1e15 ? Int(value) as Any : value as Any)
    }
}
