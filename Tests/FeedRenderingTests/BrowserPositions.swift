import Foundation

/// What the HTML page's position probe writes into `<pre id="positions">` (CSS px, page
/// coordinates).
struct BrowserPositions: Decodable {
    struct Font: Decodable {
        var weight: String
        var status: String
    }

    struct Box: Decodable {
        var photoId: Int64
        var nodeId: String?
        var x: Double
        var y: Double
        var width: Double
        var height: Double
    }

    struct Line: Decodable {
        var photoId: Int64
        var nodeId: String
        var baseline: Double
        var width: Double
    }

    var fonts: [Font]
    var cells: [Box]
    var nodes: [Box]
    var lines: [Line]

    /// Extracts and decodes the probe's JSON from a DOM dump (`--dump-dom`), which escapes `&`,
    /// `<`, `>` and no-break spaces in text.
    static func parse(dom: String) throws -> BrowserPositions {
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
