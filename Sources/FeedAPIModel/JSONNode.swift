import Foundation

/// A value of the JSON tree ``JSONLine`` builds: a scalar (its JSON text), an array or an object.
final class JSONNode {
    private enum Kind {
        case scalar, array, object
    }

    private var kind = Kind.scalar
    private var text = "null"
    private var elements: [JSONNode] = []
    private var members: [(key: String, node: JSONNode)] = []

    /// Makes this node `value`'s JSON.
    func set(_ value: some Encodable, codingPath: [any CodingKey]) throws {
        switch value {
        case let text as String: setScalar(Self.quoted(text))
        case let flag as Bool: setScalar(flag ? "true" : "false")
        case let number as Double: setScalar(try Self.number(number, codingPath: codingPath))
        case let number as Float: setScalar(try Self.number(Double(number), codingPath: codingPath))
        case let integer as any BinaryInteger: setScalar("\(integer)")
        default: try value.encode(to: JSONNodeEncoder(node: self, codingPath: codingPath))
        }
    }

    /// Makes this node the scalar whose JSON text is `text`.
    func setScalar(_ text: String) {
        kind = .scalar
        self.text = text
        elements = []
        members = []
    }

    /// Makes this node an object, keeping its members if it is one.
    func becomeObject() {
        guard kind != .object else { return }
        setScalar("")
        kind = .object
    }

    /// Makes this node an array, keeping its elements if it is one.
    func becomeArray() {
        guard kind != .array else { return }
        setScalar("")
        kind = .array
    }

    /// The member of an object node under `key`, made (or replaced) on first use.
    func child(_ key: String) -> JSONNode {
        let node = JSONNode()
        guard kind == .object else { return node }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].node = node
        } else {
            members.append((key, node))
        }
        return node
    }

    /// A new last element of an array node.
    func appendElement() -> JSONNode {
        let node = JSONNode()
        if kind == .array { elements.append(node) }
        return node
    }

    var count: Int {
        switch kind {
        case .scalar: 0
        case .array: elements.count
        case .object: members.count
        }
    }

    func write(to line: inout String, keys: JSONLine.KeyOrder) {
        switch kind {
        case .scalar:
            line += text
        case .array:
            line += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { line += "," }
                element.write(to: &line, keys: keys)
            }
            line += "]"
        case .object:
            line += "{"
            let ordered = keys == .sorted ? members.sorted { $0.key < $1.key } : members
            for (index, member) in ordered.enumerated() {
                if index > 0 { line += "," }
                line += Self.quoted(member.key) + ":"
                member.node.write(to: &line, keys: keys)
            }
            line += "}"
        }
    }

    static func number(_ value: Double, codingPath: [any CodingKey]) throws -> String {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath,
                                                          debugDescription: "JSON has no \(value)"))
        }
        if value == value.rounded(), Swift.abs(value) < 1e15 { return String(Int64(value)) }
        let text = value.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// `text` as a JSON string literal: as it is between quotes when it is printable ASCII
    /// without a quote or backslash (keys, cursors, most values), else escaped by Foundation.
    static func quoted(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            return "\"" + text + "\""
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        guard let data = try? encoder.encode(text) else { return "\"\"" }
        return String(decoding: data, as: UTF8.self)
    }
}

/// The `Encoder` that fills a ``JSONNode``.
struct JSONNodeEncoder: Encoder {
    let node: JSONNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.becomeObject()
        return KeyedEncodingContainer(KeyedContainer(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.becomeArray()
        return UnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(node: node, codingPath: codingPath)
    }

    private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: JSONNode
        let codingPath: [any CodingKey]

        mutating func encodeNil(forKey key: Key) throws {
            node.child(key.stringValue).setScalar("null")
        }

        mutating func encode(_ value: some Encodable, forKey key: Key) throws {
            try node.child(key.stringValue).set(value, codingPath: codingPath + [key])
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                            forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            JSONNodeEncoder(node: node.child(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            JSONNodeEncoder(node: node.child(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            JSONNodeEncoder(node: node.child("super"), codingPath: codingPath)
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            JSONNodeEncoder(node: node.child(key.stringValue), codingPath: codingPath + [key])
        }
    }

    private struct UnkeyedContainer: UnkeyedEncodingContainer {
        let node: JSONNode
        let codingPath: [any CodingKey]
        var count: Int { node.count }

        mutating func encodeNil() throws {
            node.appendElement().setScalar("null")
        }

        mutating func encode(_ value: some Encodable) throws {
            try node.appendElement().set(value, codingPath: codingPath)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
            -> KeyedEncodingContainer<NestedKey> {
            JSONNodeEncoder(node: node.appendElement(), codingPath: codingPath).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            JSONNodeEncoder(node: node.appendElement(), codingPath: codingPath).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            JSONNodeEncoder(node: node.appendElement(), codingPath: codingPath)
        }
    }

    private struct SingleValueContainer: SingleValueEncodingContainer {
        let node: JSONNode
        let codingPath: [any CodingKey]

        mutating func encodeNil() throws {
            node.setScalar("null")
        }

        mutating func encode(_ value: some Encodable) throws {
            try node.set(value, codingPath: codingPath)
        }
    }
}
