import FeedRendering
import TextLayout

/// The fonts the HTML feed page loads, served by the service at `/fonts/{name}` so that a
/// browser anywhere gets them (a page never names a `file://` URL): DejaVu Sans regular and
/// bold, then the fallback cascade's files, the fonts the layouts were measured with.
///
/// Only the names in ``files`` are served; a name is never read as a path.
enum ServiceFonts {
    /// Served name → file.
    static let files: [String: String] = [
        "DejaVuSans.ttf": HTMLFeedRenderer.defaultRegularFont,
        "DejaVuSans-Bold.ttf": HTMLFeedRenderer.defaultBoldFont,
        "NotoSansCJK-Regular.ttc": FallbackFont.cjkRegularPath,
        "NotoSansCJK-Bold.ttc": FallbackFont.cjkBoldPath,
        "NotoColorEmoji.ttf": FallbackFont.emojiPath,
    ]

    static func path(named name: String) -> String? { files[name] }

    static func contentType(of name: String) -> String {
        name.hasSuffix(".ttc") ? "font/collection" : "font/ttf"
    }

    /// The HTML renderer at `width` with every font as a URL relative to the page at `/`.
    static func renderer(width: Double) -> HTMLFeedRenderer {
        HTMLFeedRenderer(
            width: width, regularFont: "fonts/DejaVuSans.ttf", boldFont: "fonts/DejaVuSans-Bold.ttf",
            fallbackFonts: [
                HTMLFallbackFont(family: "Noto Sans CJK JP", regular: "fonts/NotoSansCJK-Regular.ttc",
                                 bold: "fonts/NotoSansCJK-Bold.ttc"),
                HTMLFallbackFont(family: "Noto Color Emoji", regular: "fonts/NotoColorEmoji.ttf",
                                 bold: "fonts/NotoColorEmoji.ttf"),
            ])
    }
}
