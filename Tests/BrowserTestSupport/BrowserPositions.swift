import Foundation

/// What the HTML page's position probe writes into `<pre id="positions">` (CSS px, page
/// coordinates).
package struct BrowserPositions: Decodable {
    package struct Font: Decodable {
        package var weight: String
        package var status: String
    }

    package struct Box: Decodable {
        package var photoId: Int64
        package var nodeId: String?
        package var x: Double
        package var y: Double
        package var width: Double
        package var height: Double
    }

    package struct Line: Decodable {
        package var photoId: Int64
        package var nodeId: String
        package var baseline: Double
        package var width: Double
    }

    package var fonts: [Font]
    package var cells: [Box]
    package var nodes: [Box]
    package var lines: [Line]

    /// Extracts and decodes the probe's JSON from a DOM dump (`--dump-dom`), which escapes `&`,
    /// `<`, `>` and no-break spaces in text.
    package static func parse(dom: String) throws -> BrowserPositions {
        let opening = dom.range(of: "<pre id=\"positions\" hidden=\"\">")
            ?? dom.range(of: "<pre id=\"positions\" hidden>")
        guard let start = opening, let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex) else {
            throw HeadlessChromium.Failure(description: "no <pre id=\"positions\"> in the DOM dump: \(dom.prefix(500))")
        }
        let escaped = String(dom[start.upperBound..<end.lowerBound])
        guard !escaped.isEmpty else {
            throw HeadlessChromium.Failure(description: "the position probe wrote nothing (did the page load?)")
        }
        let json = escaped.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&nbsp;", with: "\u{A0}").replacingOccurrences(of: "&amp;", with: "&")
        return try JSONDecoder().decode(BrowserPositions.self, from: Data(json.utf8))
    }
}
