/// One line of JSON from an `Encodable` value: how every command prints `--format json`, and
/// how the HTTP service writes its JSON bodies, so both give the same bytes.
///
/// Keys come out in the order the value encodes them (``KeyOrder/encoded``), or sorted by name
/// (``KeyOrder/sorted``); a contract that fixes an order uses the first. Numbers print in
/// Swift's shortest round-tripping form without a `.0` fraction (`375`, not `375.0`; `-0` is
/// `0`), strings escaped as Foundation's `JSONEncoder` escapes them, slashes left as they are:
/// the text `JSONSerialization` gives. A ``JSONFragment`` is written as it is.
///
/// ```swift
/// struct Counts: Encodable { var users = 3; var photos = 12 }
/// let line = try JSONLine.encode(Counts(), keys: .sorted)  // {"photos":12,"users":3}
/// ```
package enum JSONLine {
    package enum KeyOrder: Sendable {
        case encoded, sorted
    }

    package static func encode(_ value: some Encodable, keys: KeyOrder) throws -> String {
        let root = JSONNode()
        try root.set(value, codingPath: [])
        var line = ""
        root.write(to: &line, keys: keys)
        return line
    }
}

/// JSON text that is already serialized, such as a layout's result line, placed in a document
/// as it is by ``JSONLine``.
package struct JSONFragment: Encodable, Sendable {
    package var text: String

    package init(_ text: String) {
        self.text = text
    }

    package func encode(to encoder: any Encoder) throws {
        guard let encoder = encoder as? JSONNodeEncoder else {
            throw EncodingError.invalidValue(text, .init(codingPath: encoder.codingPath,
                                                         debugDescription: "a JSON fragment is written by JSONLine only"))
        }
        encoder.node.setScalar(text)
    }
}
