import FeedRendering
import LayoutCore
import PhotoFeed

/// Hand-made cell snapshots shaped like the feed's photo cells (header with avatar, name and
/// time, the photo, likes and a caption), with frames on the 1/3-point grid of a scale-3 device.
/// The 375-point cells' line widths are what TextLayout measures for DejaVu Sans.
enum SampleCells {
    /// A 375-point cell at scale 3: loaded avatar, photo still loading, a two-line caption
    /// with characters that need escaping.
    static let first = CellSnapshot(photoID: 101, size: Size(375, 493.3333333333333), nodes: [
        NodeSnapshot(id: "avatar", frame: Rect(8, 8, 30, 30),
                     content: .image(ImageSnapshot(url: "https://example.com/a.jpg", pixelSize: Size(90, 90),
                                                   isLoaded: true))),
        NodeSnapshot(id: "username", frame: Rect(46, 14.333333333333334, 120.66666666666667, 17),
                     content: .text(TextSnapshot(lines: [
                         TextLineSnapshot(text: "ana & <bo>", baseline: 13.333333333333334, width: 93.9189453125),
                     ], fontSize: 14, fontWeight: "bold"))),
        NodeSnapshot(id: "timestamp", frame: Rect(341.6666666666667, 15.333333333333334, 25.333333333333332, 15),
                     content: .text(TextSnapshot(lines: [
                         TextLineSnapshot(text: "3h", baseline: 11.666666666666666, width: 15.240234375),
                     ], fontSize: 12))),
        NodeSnapshot(id: "photo", frame: Rect(0, 46, 375, 375),
                     content: .image(ImageSnapshot(url: "https://example.com/p.jpg"))),
        NodeSnapshot(id: "likes", frame: Rect(8, 429.3333333333333, 67.66666666666667, 16),
                     content: .text(TextSnapshot(lines: [
                         TextLineSnapshot(text: "♥ 12 likes", baseline: 12.333333333333334, width: 72.56005859375),
                     ], fontSize: 13, fontWeight: "bold"))),
        NodeSnapshot(id: "caption", frame: Rect(8, 449.3333333333333, 359, 36),
                     content: .text(TextSnapshot(lines: [
                         TextLineSnapshot(text: "ana Sunset over the \"old\" harbour, a walk", baseline: 13.5,
                                          width: 272.974609375),
                         TextLineSnapshot(text: "with friends 'n' dogs", baseline: 31.5, width: 131.39013671875),
                     ], fontSize: 13))),
    ])

    /// A shorter cell at the same width: photo loaded, no caption, a spacer box.
    static let second = CellSnapshot(photoID: 102, size: Size(375, 456.6666666666667), nodes: [
        NodeSnapshot(id: "avatar", frame: Rect(8, 8, 30, 30),
                     content: .image(ImageSnapshot(url: nil, pixelSize: nil, isLoaded: false))),
        NodeSnapshot(id: "username", frame: Rect(46, 14.333333333333334, 50.333333333333336, 17),
                     content: .text(TextSnapshot(lines: [
                         TextLineSnapshot(text: "zoë", baseline: 13.333333333333334, width: 27.26171875),
                     ], fontSize: 14, fontWeight: "bold"))),
        NodeSnapshot(id: "spacer", frame: Rect(104.33333333333333, 8, 229.66666666666666, 30)),
        NodeSnapshot(id: "photo", frame: Rect(0, 46, 375, 375),
                     content: .image(ImageSnapshot(url: "https://example.com/q.jpg", pixelSize: Size(1080, 1080),
                                                   isLoaded: true))),
        NodeSnapshot(id: "likes", frame: Rect(8, 429.3333333333333, 40.666666666666664, 16),
                     content: .text(TextSnapshot(lines: [
                         TextLineSnapshot(text: "♥ 3", baseline: 12.333333333333334, width: 25.2255859375),
                     ], fontSize: 13, fontWeight: "bold"))),
    ])

    /// A small cell for exact golden drawings: 320 × 60 with an avatar, a name and an overlay.
    static let small = CellSnapshot(photoID: 7, size: Size(320, 60), nodes: [
        NodeSnapshot(id: "avatar", frame: Rect(0, 0, 60, 60),
                     content: .image(ImageSnapshot(pixelSize: Size(180, 180), isLoaded: true))),
        NodeSnapshot(id: "name", frame: Rect(70, 10, 240, 40),
                     content: .text(TextSnapshot(lines: [
                         TextLineSnapshot(text: "Ana Lima", baseline: 14, width: 60),
                         TextLineSnapshot(text: "Lisbon, a rather long place name that is cut", baseline: 32,
                                          width: 300),
                     ], fontSize: 14, fontWeight: "bold"))),
        NodeSnapshot(id: "badge", frame: Rect(40, 40, 40, 20)),
    ])

    /// A cell with one text node "t" in `box`, showing `lines` at 10-point font on baselines 10
    /// points apart, each starting `x` points in and `width` points wide.
    static func textBlock(photoID: Int64, size: Size, box: Rect, lines: [String], x: Double,
                          width: Double) -> CellSnapshot {
        let snapshots = lines.enumerated().map { index, text in
            TextLineSnapshot(text: text, x: x, baseline: Double(index + 1) * 10, width: width)
        }
        return CellSnapshot(photoID: photoID, size: size, nodes: [
            NodeSnapshot(id: "t", frame: box, content: .text(TextSnapshot(lines: snapshots, fontSize: 10))),
        ])
    }
}
