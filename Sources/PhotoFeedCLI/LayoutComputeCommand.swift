import ArgumentParser
import LayoutDescription
import PhotoFeed

/// `photofeed layout compute [FILE ...]`: one JSON line per layout description
/// (`docs/layout-description.md`).
///
/// Exit status 0 when every document succeeded, 65 (EX_DATAERR) when any failed; the valid
/// ones are printed all the same, and a summary `error:` line goes to standard error.
public struct LayoutComputeCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "compute",
        abstract: "Lay out JSON layout descriptions and print one result line per document.",
        discussion: """
            Each FILE holds one document; with no FILE, or "-", one document is read from standard input. \
            Each document gives one line: {"size":[w,h],"nodes":[…]} or {"file":NAME,"error":MESSAGE}.
            """
    )

    @Argument(help: ArgumentHelp("Layout description files (\"-\" for standard input).", valueName: "FILE"))
    public var files: [String] = []
    @OptionGroup var fonts: FontOptions

    public init() {}

    public func run() throws {
        let output = CommandOutput.current
        let inputs = files.isEmpty ? ["-"] : files
        var firstError: String?
        let measurer = try CommandFailure.reporting { try fonts.measurer() }
        let failures = DescribedTextMeasurer.$measurer.withValue(measurer) {
            LayoutComputeBatch().run(inputs: inputs) { line in
                output.standardOutput(line)
                if firstError == nil, line.hasPrefix("{\"file\":") { firstError = line }
            }
        }
        if failures > 0 {
            let error = InvalidLayoutDocuments(failures: failures, documents: inputs.count, firstErrorLine: firstError ?? "")
            throw CommandFailure.report(error)
        }
    }
}

/// Some of `layout compute`'s documents are invalid. Their full messages are on standard
/// output; the error line says how many, and gives the first (up to 300 characters).
struct InvalidLayoutDocuments: InputDataError {
    var failures: Int
    var documents: Int
    var firstErrorLine: String

    var description: String {
        let first = firstErrorLine.count > 300 ? firstErrorLine.prefix(300) + "…" : Substring(firstErrorLine)
        return "\(failures) of \(documents) layout documents are invalid; first: \(first)"
    }
}
