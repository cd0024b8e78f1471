import Foundation

/// ASDKgram's photo cell (the reference structure of docs/feed.md) written as a JSON layout
/// description (docs/layout-description.md) with one cell's texts: computed by the layout
/// description engine, it gives the frames the cell must have without going through the cell's
/// own code.
///
/// ```
/// vertical stack, spacing 0, justify start, alignItems stretch
/// ├─ inset (0, 10, 0, 10) ─ horizontal stack, justify start, alignItems center
/// │   ├─ inset (10, 0, 10, 10) ─ avatar, preferredSize 30 × 30
/// │   ├─ vertical stack, alignItems stretch, flexShrink 1: userName, location (≤ 1 line, if any)
/// │   ├─ spacer (flexGrow 1)
/// │   └─ time (spacingBefore 10)
/// ├─ ratio 1 ─ photo
/// └─ inset (5, 10, 5, 10) ─ vertical stack, spacing 5, alignItems stretch
///     ├─ likes · description (≤ 3 lines)
///     └─ node "comments" ─ vertical stack, spacing 5, alignItems stretch: "comment0"… (≤ 3 lines)
/// ```
///
/// Every text is 14 pt, regular weight.
public struct PhotoCellDocument: Sendable {
    public var width: Double
    public var scale: Double
    public var userName: String
    public var location: String?
    public var time: String
    public var likes: String
    public var description: String
    public var comments: [String]

    public init(width: Double, scale: Double = 2, userName: String, location: String?, time: String,
                likes: String, description: String, comments: [String]) {
        self.width = width
        self.scale = scale
        self.userName = userName
        self.location = location
        self.time = time
        self.likes = likes
        self.description = description
        self.comments = comments
    }

    public var json: String {
        func text(_ id: String, _ string: String, maxLines: Int = 0, style: [String: Any] = [:]) -> [String: Any] {
            ["type": "text", "id": id, "text": string, "fontSize": 14, "maxLines": maxLines,
             "fontWeight": "regular", "style": style]
        }
        func inset(_ top: Double, _ left: Double, _ bottom: Double, _ right: Double, _ child: [String: Any])
            -> [String: Any] {
            ["type": "inset", "insets": ["top": top, "left": left, "bottom": bottom, "right": right], "child": child]
        }
        func column(spacing: Double, _ children: [[String: Any]], style: [String: Any] = [:]) -> [String: Any] {
            ["type": "stack", "direction": "vertical", "spacing": spacing, "justifyContent": "start",
             "alignItems": "stretch", "children": children, "style": style]
        }
        let names: [[String: Any]] = [text("userName", userName, style: ["flexShrink": 1])]
            + (location.map { [text("location", $0, maxLines: 1, style: ["flexShrink": 1])] } ?? [])
        let header = inset(0, 10, 0, 10, [
            "type": "stack", "direction": "horizontal", "justifyContent": "start", "alignItems": "center",
            "children": [
                inset(10, 0, 10, 10, ["type": "node", "id": "avatar", "style": ["preferredSize": [30, 30]]]),
                column(spacing: 0, names, style: ["flexShrink": 1]),
                ["type": "spacer", "style": ["flexGrow": 1]],
                text("time", time, style: ["spacingBefore": 10]),
            ] as [[String: Any]],
        ])
        let photo: [String: Any] = ["type": "ratio", "ratio": 1, "child": ["type": "node", "id": "photo"]]
        let labels = comments.enumerated().map { text("comment\($0.offset)", $0.element, maxLines: 3) }
        let commentsNode: [String: Any] = ["type": "node", "id": "comments", "layout": column(spacing: 5, labels)]
        let footer = inset(5, 10, 5, 10, column(spacing: 5, [
            text("likes", likes), text("description", description, maxLines: 3), commentsNode,
        ]))
        let document: [String: Any] = [
            "scale": scale,
            "sizeRange": ["min": [width, 0], "max": [width, "inf"]],
            "layout": column(spacing: 0, [header, photo, footer]),
        ]
        let data = try! JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}
