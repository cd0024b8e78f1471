import Foundation

/// Runs a program to its end and returns its standard output; a failure (a non-zero status, a
/// crash) throws with what the program printed.
struct ChildRunner {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `program` (a path, or a name looked up on `PATH`) with `arguments`.
    func run(_ program: String, _ arguments: [String]) throws -> String {
        let process = Process()
        if program.contains("/") {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [program] + arguments
        }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw Failure(description: "\(program) \(arguments.joined(separator: " ")) ended with status "
                + "\(process.terminationStatus): \(text)\(String(decoding: errorData, as: UTF8.self))")
        }
        return text
    }

    /// The `key=value` lines of `output`.
    static func keyValues(_ output: String) -> [(String, String)] {
        output.split(separator: "\n").compactMap { line -> (String, String)? in
            let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        }
    }
}
