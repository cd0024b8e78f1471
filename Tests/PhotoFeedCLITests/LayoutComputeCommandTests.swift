import ArgumentParser
import Foundation
import LayoutDescription
import PhotoFeed
import PhotoFeedCLI
import LayoutTestSupport
import Testing

/// Golden tests of `photofeed layout compute`, run in-process with captured output.
@Suite(.blockingWork) struct LayoutComputeCommandTests {
    /// A fresh directory holding `files`.
    private func directory(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("layout-compute-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files {
            try Data(text.utf8).write(to: url.appendingPathComponent(name))
        }
        return url
    }

    private static let row = #"""
        {"scale": 2, "sizeRange": {"min": [300, 0], "max": [300, "inf"]},
         "layout": {"type": "stack", "children": [
           {"type": "node", "id": "R", "style": {"preferredSize": [50, 50]}},
           {"type": "node", "id": "B", "style": {"preferredSize": [50, 50]},
            "layout": {"type": "inset", "insets": {"top": 5, "left": 5, "bottom": 5, "right": 5},
              "child": {"type": "node", "id": "I"}}}]}}
        """#

    @Test func validDocumentsPrintOneResultLineEachAndExitZero() throws {
        let dir = try directory(["row.json": Self.row, "square.json": #"{"sizeRange": {"min": [0, 0], "max": [40, 40]}, "layout": {"type": "node", "id": "S"}}"#])
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = CommandRunner.run(["layout", "compute", dir.appendingPathComponent("row.json").path,
                              dir.appendingPathComponent("square.json").path])
        #expect(result.out == [
            #"{"size":[300,50],"nodes":[{"id":"R","frame":[0,0,50,50]},{"id":"B","frame":[50,0,50,50],"nodes":[{"id":"I","frame":[5,5,40,40]}]}]}"#,
            #"{"size":[40,40],"nodes":[{"id":"S","frame":[0,0,40,40]}]}"#,
        ])
        #expect(result.err.isEmpty)
        #expect(result.status == 0)
    }

    @Test func invalidDocumentsPrintErrorLinesInOrderAndExit65() throws {
        let dir = try directory([
            "row.json": Self.row,
            "bad.json": #"{"sizeRange": {"min": [0, 0], "max": [1, 1]}, "layout": {"type": "stack", "children": [{"type": "spacer"}, {"type": "spacer"}, {"type": "spacer", "style": {"width": "150%"}}]}}"#,
            "broken.json": "{\"sizeRange\": ",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = dir.appendingPathComponent("bad.json").path
        let broken = dir.appendingPathComponent("broken.json").path
        let missing = dir.appendingPathComponent("missing.json").path
        let result = CommandRunner.run(["layout", "compute", bad, dir.appendingPathComponent("row.json").path, broken, missing,
                              dir.path])
        #expect(result.out == [
            #"{"file":"\#(bad)","error":"$.layout.children[2].style.width: expected a percentage from 0% to 100%, got \"150%\""}"#,
            #"{"size":[300,50],"nodes":[{"id":"R","frame":[0,0,50,50]},{"id":"B","frame":[50,0,50,50],"nodes":[{"id":"I","frame":[5,5,40,40]}]}]}"#,
            #"{"file":"\#(broken)","error":"$.sizeRange: malformed JSON at line 1, column 15 (byte 14): expected a value, got the end of the input"}"#,
            #"{"file":"\#(missing)","error":"cannot open file: No such file or directory"}"#,
            #"{"file":"\#(dir.path)","error":"cannot read file: Is a directory"}"#,
        ])
        #expect(result.err == [#"error: 4 of 5 layout documents are invalid; first: \#(result.out[0])"#])
        #expect(result.status == 65)
    }

    @Test func noFileAndDashReadStandardInput() {
        // Given a batch whose standard input holds one document
        let batch = LayoutComputeBatch { name throws(DocumentReader.ReadError) in
            guard name == "-" else { throw DocumentReader.ReadError(reason: "unexpected \(name)") }
            return Array(#"{"sizeRange": {"min": [0, 0], "max": [8, 9]}, "layout": {"type": "node", "id": "S"}}"#.utf8)
        }
        var lines: [String] = []
        // When run without inputs, and with "-"
        let failures = batch.run(inputs: []) { lines.append($0) } + batch.run(inputs: ["-"]) { lines.append($0) }
        // Then both read standard input
        #expect(failures == 0)
        #expect(lines == Array(repeating: #"{"size":[8,9],"nodes":[{"id":"S","frame":[0,0,8,9]}]}"#, count: 2))
    }

    @Test func oversizedInputIsAnErrorNotAnEndlessRead() throws {
        let dir = try directory(["big.json": String(repeating: " ", count: 2048)])
        defer { try? FileManager.default.removeItem(at: dir) }
        let error = #expect(throws: DocumentReader.ReadError.self) {
            try DocumentReader.read(path: dir.appendingPathComponent("big.json").path, limit: 1024)
        }
        #expect(error?.reason == "file is larger than 0 MiB")
        #expect(try DocumentReader.read(path: dir.appendingPathComponent("big.json").path, limit: 4096).count == 2048)
    }

    @Test func manyFilesInOneCall() throws {
        let files = Dictionary(uniqueKeysWithValues: (0..<200).map { index in
            ("doc\(index).json", #"{"sizeRange": {"min": [0, 0], "max": [\#(index), 10]}, "layout": {"type": "node", "id": "N"}}"#)
        })
        let dir = try directory(files)
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = CommandRunner.run(["layout", "compute"] + (0..<200).map { dir.appendingPathComponent("doc\($0).json").path })
        #expect(result.status == 0)
        #expect(result.out == (0..<200).map { #"{"size":[\#($0),10],"nodes":[{"id":"N","frame":[0,0,\#($0),10]}]}"# })
    }
}
