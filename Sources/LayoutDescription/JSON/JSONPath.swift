/// Where a value sits in a JSON document, written as `$.layout.children[2].style.width`.
///
/// A persistent linked list: appending a component is O(1) and shares the prefix, so decoders
/// can carry a path into every value they visit and render it only when something is wrong.
public struct JSONPath: Sendable, CustomStringConvertible {
    /// One step: an object member or an array element.
    public enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    private final class Node: Sendable {
        let parent: Node?
        let component: Component

        init(parent: Node?, component: Component) {
            self.parent = parent
            self.component = component
        }
    }

    private let last: Node?

    /// The document root, `$`.
    public static let root = JSONPath(last: nil)

    private init(last: Node?) {
        self.last = last
    }

    /// The path of a member of the object at this path.
    public func appending(_ key: String) -> JSONPath {
        JSONPath(last: Node(parent: last, component: .key(key)))
    }

    /// The path of an element of the array at this path.
    public func appending(_ index: Int) -> JSONPath {
        JSONPath(last: Node(parent: last, component: .index(index)))
    }

    /// The components from the root down.
    public var components: [Component] {
        var result: [Component] = []
        var node = last
        while let current = node {
            result.append(current.component)
            node = current.parent
        }
        return result.reversed()
    }

    /// `$` followed by `.key` for identifier-like keys, `["other key"]` for the rest, and
    /// `[index]` for array elements.
    public var description: String {
        var text = "$"
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key) where Self.isIdentifier(key):
                text += ".\(key)"
            case .key(let key):
                text += "[\(JSONText.quoted(key))]"
            }
        }
        return text
    }

    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return false
        }
        return key.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
        }
    }
}
