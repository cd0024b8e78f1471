import Foundation

/// The photo cell's structure (PhotoCellNode's documented layout) written as a JSON layout
/// description with one cell's texts: measured by `photofeed layout compute`, it gives the
/// frames the feed goldens must hold without going through the cell's own code.
struct PhotoCellDocument {
    var width: Double
    var userName: String
    var location: String?
    var time: String
    /// Height / width of the photo: 1 until its image is loaded.
    var photoRatio: Double
    var likes: String
    var description: String
    var comments: [String]

    /// header: inset(0,10,0,10) around a centred row of the 30 × 30 avatar in inset(10,0,10,10),
    /// the names (shrinking), a growing spacer and the time 10 after it; the photo in a ratio;
    /// footer: inset(5,10,5,10) around a column, 5 apart, of likes, description (≤ 3 lines)
    /// and comments. Texts are 14 pt; the user name is bold.
    var json: String {
        func text(_ id: String, _ string: String, maxLines: Int = 0, bold: Bool = false,
                  style: [String: Any] = [:]) -> [String: Any] {
            ["type": "text", "id": id, "text": string, "fontSize": 14, "maxLines": maxLines,
             "fontWeight": bold ? "bold" : "regular", "style": style]
        }
        func inset(_ top: Double, _ left: Double, _ bottom: Double, _ right: Double, _ child: [String: Any])
            -> [String: Any] {
            ["type": "inset", "insets": ["top": top, "left": left, "bottom": bottom, "right": right], "child": child]
        }
        let names: [[String: Any]] = [text("userName", userName, bold: true)]
            + (location.map { [text("location", $0, maxLines: 1)] } ?? [])
        let header = inset(0, 10, 0, 10, [
            "type": "stack", "direction": "horizontal", "justifyContent": "start", "alignItems": "center",
            "children": [
                inset(10, 0, 10, 10, ["type": "node", "id": "avatar", "style": ["preferredSize": [30, 30]]]),
                ["type": "stack", "direction": "vertical", "style": ["flexShrink": 1], "children": names],
                ["type": "spacer", "style": ["flexGrow": 1]],
                text("time", time, maxLines: 1, style: ["spacingBefore": 10]),
            ] as [[String: Any]],
        ])
        let photo: [String: Any] = ["type": "ratio", "ratio": photoRatio, "child": ["type": "node", "id": "photo"]]
        var lines = [text("likes", likes)]
        if !description.isEmpty { lines.append(text("description", description, maxLines: 3)) }
        if !comments.isEmpty { lines.append(text("comments", comments.joined(separator: "\n"))) }
        let footer = inset(5, 10, 5, 10, ["type": "stack", "direction": "vertical", "spacing": 5, "children": lines])
        let document: [String: Any] = [
            "scale": 2,
            "sizeRange": ["min": [width, 0], "max": [width, "inf"]],
            "layout": ["type": "stack", "direction": "vertical", "alignItems": "stretch",
                       "children": [header, photo, footer]],
        ]
        let data = try! JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}
