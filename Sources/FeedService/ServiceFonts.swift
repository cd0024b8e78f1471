import FeedRendering
import TextLayout

/// The fonts the HTML feed page loads, served by the service at `/fonts/{name}` so that a
/// browser anywhere gets them (a page never names a `file://` URL): every file of the font set
/// the layouts are measured with (the configured manifest), primary font first.
///
/// A file is served under its own name ("DejaVuSans.ttf"), or "N-name" (N its position in the
/// cascade's files) when two files share a name (``FontFileNames``). Only these names are served;
/// a name is never read as a path.
struct ServiceFonts: Sendable {
    let fonts: FontCollection
    /// Served name → file.
    let files: [String: String]
    /// The page's renderer with every font as a URL relative to the page at `/` (its fonts'
    /// coverage read once).
    private let template: HTMLFeedRenderer

    init(fonts: FontCollection) {
        self.fonts = fonts
        let names = FontFileNames.names(for: fonts.manifest.files)
        files = Dictionary(uniqueKeysWithValues: names.map { ($1, $0) })
        template = HTMLFeedRenderer(width: 375, fonts: fonts, reference: { path in "fonts/" + (names[path] ?? path) })
    }

    func path(named name: String) -> String? { files[name] }

    static func contentType(of name: String) -> String {
        name.hasSuffix(".ttc") ? "font/collection" : name.hasSuffix(".otf") ? "font/otf" : "font/ttf"
    }

    /// The HTML renderer at `width` with every font as a URL relative to the page at `/`.
    func renderer(width: Double) -> HTMLFeedRenderer {
        var renderer = template
        renderer.width = width
        return renderer
    }
}
