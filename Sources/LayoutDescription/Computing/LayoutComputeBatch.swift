import LayoutCore

/// `photofeed layout compute`: one JSON line per document, in order — the result line, or
/// `{"file": NAME, "error": MESSAGE}` (`docs/layout-description.md`).
///
/// Each line is built whole before it is written, so output never holds a partial line; bad
/// input of any kind becomes an error line, never a crash.
///
/// ```swift
/// let batch = LayoutComputeBatch()
/// let failures = batch.run(inputs: ["a.json", "-"]) { line in print(line) }
/// ```
public struct LayoutComputeBatch: Sendable {
    /// Reads a named input; `"-"` is standard input.
    public var read: @Sendable (String) throws(DocumentReader.ReadError) -> [UInt8]

    public init(read: @escaping @Sendable (String) throws(DocumentReader.ReadError) -> [UInt8] = Self.readInput) {
        self.read = read
    }

    /// Reads a file, or standard input for `"-"`.
    public static func readInput(_ name: String) throws(DocumentReader.ReadError) -> [UInt8] {
        name == "-" ? try DocumentReader.readStandardInput() : try DocumentReader.read(path: name)
    }

    /// Computes every input in order (standard input when `inputs` is empty), handing each
    /// line (without its newline) to `write`.
    ///
    /// - Returns: the number of inputs that failed.
    @discardableResult
    public func run(inputs: [String], write: (String) -> Void) -> Int {
        var failures = 0
        for name in inputs.isEmpty ? ["-"] : inputs {
            let outcome = line(for: name)
            if !outcome.succeeded { failures += 1 }
            write(outcome.line)
        }
        return failures
    }

    /// The line for one named input and whether it is a result.
    public func line(for name: String) -> (line: String, succeeded: Bool) {
        let bytes: [UInt8]
        do {
            bytes = try read(name)
        } catch {
            return (Self.errorLine(file: name, message: error.description), false)
        }
        return Self.line(forDocument: bytes, file: name)
    }

    /// The line for one document's bytes.
    public static func line(forDocument bytes: [UInt8], file: String) -> (line: String, succeeded: Bool) {
        do throws(LayoutDescriptionError) {
            let document = try LayoutDocument(json: bytes)
            return (try document.computeLayout().resultLine, true)
        } catch {
            return (errorLine(file: file, message: error.description), false)
        }
    }

    /// `{"file":NAME,"error":MESSAGE}`.
    public static func errorLine(file: String, message: String) -> String {
        var line = "{\"file\":"
        JSONText.appendQuoted(file, to: &line)
        line += ",\"error\":"
        JSONText.appendQuoted(message, to: &line)
        line += "}"
        return line
    }
}
