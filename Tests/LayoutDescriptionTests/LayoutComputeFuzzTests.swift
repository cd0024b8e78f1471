import LayoutCore
import LayoutDescription
import Testing
import LayoutTestSupport

/// Random valid-ish and malformed documents fed through decoding, building and measuring:
/// every one must give exactly one line that is either a result or an error naming a `$` path.
@Suite struct LayoutComputeFuzzTests {
    /// Values that stress the decoder and the engine where numbers and strings go.
    static let oddValues = [
        "0", "-0", "-1", "1e308", "1e400", "-1e400", "5e-324", "0.1", "\"inf\"", "\"nan\"", "\"-inf\"", "null", "true",
        "[]", "{}", "\"\"", "\"50%\"", "1e-300", "1e300", "\"\\n\\n\"", "\"101%\"", "\"12pt\"", "\"auto\"",
        "123456789012345678901234567890", "9999999",
        "[1e308, 1e308]", "[\"inf\", \"nan\"]", "[0.0001, 0.0001]", "\"\\u0000\"", "1.5", "10000000", "[-5, 7]",
    ]

    static let elementTypes = ["node", "text", "spacer", "stack", "inset", "overlay", "background", "center", "relative",
                               "ratio", "absolute", "corner", "wrapper"]

    /// A random element `depth` levels from the bottom; mostly well-formed, sometimes odd.
    static func element(_ rng: inout SeededRandom, depth: Int, ids: inout Int) -> String {
        func value(_ normal: String) -> String {
            Int.random(in: 0..<8, using: &rng) == 0 ? oddValues.randomElement(using: &rng)! : normal
        }
        func child() -> String { element(&rng, depth: depth - 1, ids: &ids) }
        var style = "{}"
        if Bool.random(using: &rng) {
            let fields = [
                "\"width\": \(value("\(Int.random(in: 0...200, using: &rng))"))",
                "\"height\": \(value("\"\(Int.random(in: 0...100, using: &rng))%\""))",
                "\"flexGrow\": \(value("1"))", "\"flexShrink\": \(value("0.5"))",
                "\"preferredSize\": \(value("[\(Int.random(in: 0...90, using: &rng)), 33.3]"))",
                "\"layoutPosition\": \(value("[3, 4]"))", "\"alignSelf\": \(value("\"center\""))",
                "\"minWidth\": \(value("\"10pt\""))", "\"maxHeight\": \(value("40"))", "\"flexBasis\": \(value("\"25%\""))",
            ].shuffled(using: &rng).prefix(Int.random(in: 1...4, using: &rng))
            style = "{" + fields.joined(separator: ", ") + "}"
        }
        let type = depth <= 0 ? ["node", "spacer", "text"].randomElement(using: &rng)!
            : elementTypes.randomElement(using: &rng)!
        ids += 1
        let id = "\"n\(ids)\""
        let body: String
        switch type {
        case "node":
            body = Bool.random(using: &rng) && depth > 0 ? "\"id\": \(id), \"layout\": \(child())"
                : "\"id\": \(id), \"intrinsicSize\": \(value("[\(Int.random(in: 0...150, using: &rng)), 20.25]"))"
        case "text":
            body = "\"id\": \(id), \"text\": \(value("\"Hello wörld, a caption 😀\"")), \"maxLines\": \(value("2")), "
                + "\"fontSize\": \(value("13")), \"fontWeight\": \(value("\"bold\"")), \"truncation\": \(value("\"...\""))"
        case "stack":
            let children = (0..<Int.random(in: 0...4, using: &rng)).map { _ in child() }.joined(separator: ", ")
            body = "\"direction\": \(value("\"vertical\"")), \"spacing\": \(value("4")), "
                + "\"justifyContent\": \(value("\"spaceAround\"")), \"alignItems\": \(value("\"center\"")), "
                + "\"flexWrap\": \(value("\"wrap\"")), \"horizontalAlignment\": \(value("\"right\"")), "
                + "\"children\": [\(children)]"
        case "inset": body = "\"insets\": {\"top\": \(value("3")), \"right\": \(value("\"inf\""))}, \"child\": \(child())"
        case "overlay": body = "\"child\": \(child()), \"overlay\": \(child())"
        case "background": body = "\"child\": \(child()), \"background\": \(child())"
        case "center": body = "\"centeringOptions\": \(value("\"xy\"")), \"sizingOptions\": \(value("\"minimumX\"")), \"child\": \(child())"
        case "relative": body = "\"horizontalPosition\": \(value("\"end\"")), \"sizingOption\": \(value("\"minimumSize\"")), \"child\": \(child())"
        case "ratio": body = "\"ratio\": \(value("0.75")), \"child\": \(child())"
        case "absolute":
            let children = (0..<Int.random(in: 0...3, using: &rng)).map { _ in child() }.joined(separator: ", ")
            body = "\"sizing\": \(value("\"sizeToFit\"")), \"children\": [\(children)]"
        case "corner":
            body = "\"child\": \(child()), \"corner\": \(child()), \"location\": \(value("\"bottomRight\"")), \"offset\": \(value("[-2, 2]")), \"wrapsCorner\": \(value("true"))"
        case "wrapper": body = "\"children\": [\(child()), \(child())]"
        default: body = ""
        }
        let separator = body.isEmpty ? "" : ", "
        return "{\"type\": \"\(type)\", \"style\": \(style)\(separator)\(body)}"
    }

    static func document(_ rng: inout SeededRandom) -> String {
        var ids = 0
        let width = ["320", "0", "\"inf\"", "1e308", "0.5"].randomElement(using: &rng)!
        let scale = ["1", "2", "3", "0.5", "1e-300", "1e300", "0", "\"2\""].randomElement(using: &rng)!
        let parent = ["", "\"parentSize\": [\"nan\", \"inf\"], ", "\"parentSize\": [10, 10], "].randomElement(using: &rng)!
        return "{\"scale\": \(scale), \"sizeRange\": {\"min\": [0, 0], \"max\": [\(width), \"inf\"]}, \(parent)"
            + "\"layout\": \(element(&rng, depth: Int.random(in: 0...5, using: &rng), ids: &ids))}"
    }

    /// A random mutation of a document's bytes: delete, insert, replace, truncate or duplicate.
    static func mutate(_ bytes: [UInt8], _ rng: inout SeededRandom) -> [UInt8] {
        guard !bytes.isEmpty else { return bytes }
        var bytes = bytes
        let position = Int.random(in: 0..<bytes.count, using: &rng)
        let specials = Array("{}[],:\"\\-.0123456789eE \n\u{7F}".utf8) + [0x00, 0xC3, 0xFF, 0xED, 0xA0]
        switch Int.random(in: 0..<5, using: &rng) {
        case 0: bytes.remove(at: position)
        case 1: bytes.insert(specials.randomElement(using: &rng)!, at: position)
        case 2: bytes[position] = specials.randomElement(using: &rng)!
        case 3: bytes.removeSubrange(position...)
        default:
            let end = Swift.min(bytes.count, position + Int.random(in: 1...40, using: &rng))
            bytes.insert(contentsOf: bytes[position..<end], at: position)
        }
        return bytes
    }

    /// The line is one JSON object: a result with size and nodes, or an error with a `$` path.
    static func check(_ line: String, succeeded: Bool, input: [UInt8]) -> Bool {
        guard !line.contains("\n"), case .object(let object)? = try? JSONParser.parse(line) else {
            Issue.record("not one line of JSON: \(line)")
            return false
        }
        if succeeded {
            guard case .array(let size)? = object["size"], size.count == 2, case .array? = object["nodes"] else {
                Issue.record("not a result line: \(line)")
                return false
            }
        } else {
            guard case .string(let error)? = object["error"], error.hasPrefix("$"), object["file"] == .string("fuzz")
            else {
                Issue.record("error line without a $ path: \(line) for \(String(decoding: input, as: UTF8.self))")
                return false
            }
        }
        return true
    }

    @Test(.tags(.slow), .notInQuickRuns) func randomAndMutatedDocumentsGiveOneResultOrErrorLineEach() {
        var rng = SeededRandom(seed: 20_240_611)
        var results = 0
        var errors = 0
        for round in 0..<1_500 {
            var bytes = Array(Self.document(&rng).utf8)
            if round % 3 != 0 {
                for _ in 0..<Int.random(in: 1...3, using: &rng) { bytes = Self.mutate(bytes, &rng) }
            }
            let (line, succeeded) = LayoutComputeBatch.line(forDocument: bytes, file: "fuzz")
            guard Self.check(line, succeeded: succeeded, input: bytes) else { return }
            if succeeded { results += 1 } else { errors += 1 }
        }
        // Both outcomes occur, so the generator exercises the engine as well as the error paths.
        #expect(results > 100)
        #expect(errors > 100)
    }

    /// Documents the contract rejects, each with the start of the path its error names: no JSON
    /// at all, JSON that is not an object, too deep a nesting, a NaN size.
    @Test(arguments: [
        ("", "$"), ("\u{FEFF}", "$"), ("null", "$"), ("\"\\ud800\"", "$"), ("[1e999999999]", "$"),
        // 10,000 nested arrays, objects and elements
        (String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000), "$"),
        (String(repeating: "{\"a\":", count: 10_000) + "1" + String(repeating: "}", count: 10_000), "$"),
        (#"{"sizeRange": {"min": [0, 0], "max": [1, 1]}, "layout": "#
            + String(repeating: #"{"type": "wrapper", "children": ["#, count: 10_000), "$.layout"),
        (#"{"sizeRange": {"min": [0, 0], "max": [1, 1]}, "layout": "#
            + String(repeating: #"{"type": "node", "id": "x", "layout": "#, count: 300) + #"{"type": "spacer"}"#
            + String(repeating: "}", count: 301), "$.layout"),
        (#"{"sizeRange": {"min": ["nan", 0], "max": [1, 1]}, "layout": {"type": "spacer"}}"#, "$.sizeRange.min[0]"),
    ])
    func invalidDocumentsGiveAnError(document: String, path: String) throws {
        let bytes = Array(document.utf8)
        let (line, succeeded) = LayoutComputeBatch.line(forDocument: bytes, file: "fuzz")
        #expect(!succeeded)
        #expect(Self.check(line, succeeded: succeeded, input: bytes))
        guard case .object(let object)? = try? JSONParser.parse(line), case .string(let error)? = object["error"] else {
            return
        }
        #expect(error.hasPrefix(path), "\(error)")
    }

    /// Extreme values whose outcome the contract leaves to the engine: one line, a result or an
    /// error with a path, and no crash.
    @Test(arguments: [
        // Huge and special numbers in the wrong places
        #"{"scale": 1e400, "sizeRange": {"min": [0, 0], "max": [1, 1]}, "layout": {"type": "spacer"}}"#,
        #"{"sizeRange": {"min": [0, 0], "max": [1e308, 1e308]}, "layout": {"type": "node", "id": "big"}}"#,
        #"{"sizeRange": {"min": [0, 0], "max": ["inf", "inf"]}, "layout": {"type": "ratio", "ratio": 1e-300, "child": {"type": "node", "id": "r"}}}"#,
        #"{"scale": 1e-300, "sizeRange": {"min": [1, 1], "max": [1e7, 1e7]}, "layout": {"type": "stack", "spacing": 1e308, "children": [{"type": "node", "id": "a", "intrinsicSize": [1e308, 1e308]}, {"type": "node", "id": "b"}]}}"#,
        #"{"scale": 1e300, "sizeRange": {"min": [0, 0], "max": [320, "inf"]}, "layout": {"type": "inset", "insets": {"top": "inf", "left": -1e308}, "child": {"type": "node", "id": "i"}}}"#,
        #"{"sizeRange": {"min": [0, 0], "max": [320, "inf"]}, "layout": {"type": "text", "id": "t", "text": "huge", "fontSize": 1e300}}"#,
        #"{"sizeRange": {"min": [0, 0], "max": [320, "inf"]}, "layout": {"type": "text", "id": "t", "text": "tiny", "fontSize": 5e-324}}"#,
        #"{"sizeRange": {"min": [0, 0], "max": [0, 0]}, "layout": {"type": "text", "id": "t", "text": "\#(String(repeating: "word ", count: 20_000))"}}"#,
    ])
    func extremeDocumentsGiveAnErrorOrAResult(document: String) {
        let bytes = Array(document.utf8)
        let (line, succeeded) = LayoutComputeBatch.line(forDocument: bytes, file: "fuzz")
        #expect(Self.check(line, succeeded: succeeded, input: bytes))
    }
}
