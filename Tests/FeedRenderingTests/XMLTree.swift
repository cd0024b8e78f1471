import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A parsed XML element: enough of a DOM for the SVG tests, built with Foundation's `XMLParser`
/// (which rejects documents that are not well formed).
final class XMLTree {
    let name: String
    let attributes: [String: String]
    private(set) var children: [XMLTree] = []
    private(set) var text = ""

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    struct ParseError: Error, CustomStringConvertible {
        var description: String
    }

    /// Parses `xml`, throwing the parser's error (with its line and column) when it is malformed.
    /// Any reported error counts: on Linux `parse()` can return true after one.
    static func parse(_ xml: String) throws -> XMLTree {
        let builder = Builder()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = builder
        let succeeded = parser.parse()
        guard succeeded, parser.parserError == nil, builder.errors.isEmpty, let root = builder.root else {
            throw ParseError(description: "malformed XML at \(parser.lineNumber):\(parser.columnNumber): "
                + "\(parser.parserError.map { "\($0)" } ?? "no root element")")
        }
        return root
    }

    /// Direct children named `name`.
    func children(named name: String) -> [XMLTree] { children.filter { $0.name == name } }

    /// All descendants named `name`, in document order.
    func descendants(named name: String) -> [XMLTree] {
        children.flatMap { ($0.name == name ? [$0] : []) + $0.descendants(named: name) }
    }

    func double(_ attribute: String) -> Double? { attributes[attribute].flatMap(Double.init) }

    private final class Builder: NSObject, XMLParserDelegate {
        var root: XMLTree?
        var stack: [XMLTree] = []
        var errors: [any Error] = []

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            errors.append(parseError)
        }

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            let element = XMLTree(name: elementName, attributes: attributes)
            stack.last?.children.append(element)
            if root == nil { root = element }
            stack.append(element)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                    qualifiedName: String?) {
            _ = stack.popLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }
    }
}
