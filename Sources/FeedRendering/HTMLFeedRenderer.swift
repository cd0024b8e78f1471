import LayoutCore
import TextLayout

/// Draws a feed page as one self-contained HTML page: cells stacked top to bottom, every node an
/// absolutely positioned box at its frame, texts set line by line in the real fonts (DejaVu Sans,
/// then the fallback cascade: Noto Sans CJK JP and Noto Color Emoji, the fonts and the order the
/// layouts were measured with), so a person sees what a device would show.
///
/// Each cell is a relatively positioned `<section class="cell" data-photo-id=…>` of the cell's
/// size; each node an absolutely positioned element with `data-node-id` and `data-photo-id` whose
/// `left`, `top`, `width` and `height` in CSS px are the frame's numbers. A text line is an
/// absolutely positioned line box of zero `line-height` holding an inline-block strut as tall as
/// the line's baseline offset: the strut's bottom sits on the text's baseline and the line box's
/// top on the node's top, so the baseline lands at `baseline` whatever the font's ascent (the
/// first line's baseline must lie below about a third of an em, which every real line's does).
/// Images are grey placeholders captioned with their pixel size. Texts, ids and URLs are escaped.
///
/// Browsers position boxes on a grid of 1/64 CSS px (Chromium's `LayoutUnit`), which truncates a
/// frame at scale 3 such as 12.333… by up to 0.016 px. Viewing the page at a device scale factor
/// equal to the layout's scale (Chromium's `--force-device-scale-factor`) lays it out on device
/// pixels, where the snapped frames are whole numbers, and the boxes land on the frames exactly.
public struct HTMLFeedRenderer: Sendable {
    /// The feed's width in points (CSS px), normally every cell's width.
    public var width: Double
    /// The primary font's CSS family name (the first slot of the font manifest).
    public var primaryFamily: String
    /// The primary font's regular and bold files: absolute file paths (turned into `file://`
    /// URLs), paths relative to the page, or URLs.
    public var regularFont: String
    public var boldFont: String
    /// The primary faces' PostScript names, looked for among the installed fonts before the files
    /// are downloaded (`local()`); nil: the files only.
    public var regularLocalName: String?
    public var boldLocalName: String?
    /// The fallback fonts after the primary font, in the measuring cascade's order: each is an
    /// `@font-face` family named in the page's `font-family` list after the primary one, so the
    /// browser sets a character the primary font lacks in the same font the engine measured it in.
    public var fallbackFonts: [HTMLFallbackFont]
    /// Vertical gap between cells, in points.
    public var cellSpacing: Double
    /// Adds a script that, once the fonts are loaded, writes the position of every cell, node and
    /// text baseline (`getBoundingClientRect`) as JSON into `<pre id="positions">`: what the
    /// browser test reads back from a headless browser's DOM dump.
    public var includesPositionProbe: Bool
    /// A page that follows changes never fires its load event (browser tests of the live page:
    /// a headless browser then reads the DOM when its `--timeout` says, after the updates).
    public var holdsLoadEvent = false
    /// The query (`width=W&scale=S&photos=…`) of the change stream the page follows, or nil for a page
    /// that never changes (a file). A page that follows `/v1/changes?QUERY` (``liveUpdateScript(query:)``)
    /// replaces a cell with `/cells/{id}?QUERY` when it changes.
    public var followedChanges: String?

    public static let defaultRegularFont = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    public static let defaultBoldFont = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

    public init(width: Double, primaryFamily: String = "DejaVu Sans", regularFont: String = defaultRegularFont,
                boldFont: String = defaultBoldFont,
                fallbackFonts: [HTMLFallbackFont] = HTMLFallbackFont.standardCascade, cellSpacing: Double = 0,
                includesPositionProbe: Bool = false, followedChanges: String? = nil) {
        self.width = width
        self.primaryFamily = primaryFamily
        self.regularFont = regularFont
        self.boldFont = boldFont
        self.fallbackFonts = fallbackFonts
        self.cellSpacing = cellSpacing
        self.includesPositionProbe = includesPositionProbe
        self.followedChanges = followedChanges
    }

    /// The page for `cells`, in order, ending with a newline.
    public func render(_ cells: [CellSnapshot], title: String? = nil) -> String {
        let pageTitle = title ?? "PhotoFeed · \(px(width)) pt · \(cells.count) cell\(cells.count == 1 ? "" : "s")"
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>\(MarkupEscaping.escape(pageTitle))</title>
            <style>
            \(stylesheet)</style>
            </head>
            <body>
            <main class="feed" style="width: \(px(width))px">

            """
        for cell in cells {
            out += section(for: cell)
        }
        out += "</main>\n"
        if includesPositionProbe {
            out += "<pre id=\"positions\" hidden></pre>\n<script>\n\(Self.positionProbeScript)</script>\n"
        }
        if let followedChanges {
            out += "<script>\n\(Self.liveUpdateScript(query: followedChanges))</script>\n"
            if holdsLoadEvent {
                // A frame that never finishes loading: the page's load event never fires.
                out += "<iframe hidden src=\"/v1/changes?\(followedChanges)\"></iframe>\n"
            }
        }
        out += "</body>\n</html>\n"
        return out
    }

    /// One cell's `<section>`, as the page has it: what `/cells/{id}` answers, and what the page
    /// puts in place of the cell when it changes.
    public func section(for cell: CellSnapshot) -> String {
        var out = "<section class=\"cell\" data-photo-id=\"\(cell.photoID)\" style=\"width: \(px(cell.size.width))px; "
            + "height: \(px(cell.size.height))px; margin-bottom: \(px(cellSpacing))px\">\n"
        for node in cell.nodes {
            out += element(for: node, photoID: cell.photoID)
        }
        out += "</section>\n"
        return out
    }

    private func element(for node: NodeSnapshot, photoID: Int64) -> String {
        let frame = node.frame
        let kind = switch node.content {
        case .box: "box"
        case .text: "text"
        case .image: "image"
        }
        let id = MarkupEscaping.escape(node.id)
        var out = "  <div class=\"node \(kind)\" data-node-id=\"\(id)\" data-photo-id=\"\(photoID)\" title=\"\(id)\" "
            + "style=\"left: \(px(frame.minX))px; top: \(px(frame.minY))px; "
            + "width: \(px(frame.size.width))px; height: \(px(frame.size.height))px\">"
        switch node.content {
        case .box:
            break
        case .text(let text):
            let weight = text.isBold ? "bold" : "normal"
            for line in text.lines {
                out += "\n    <div class=\"line\" style=\"left: \(px(line.x))px; font-size: \(px(text.fontSize))px; "
                    + "font-weight: \(weight)\"><span class=\"strut\" style=\"height: \(px(line.baseline))px\">"
                    + "</span><span class=\"glyphs\">\(MarkupEscaping.escape(line.text))</span></div>"
            }
            out += "\n  "
        case .image(let image):
            let size = (min(11, max(6, frame.size.height / 4)) * 2).rounded() / 2
            out += "<span class=\"caption\" style=\"font-size: \(px(size))px\">"
                + "\(MarkupEscaping.escape(image.caption(fittingWidth: frame.size.width, fontSize: size)))</span>"
        }
        out += "</div>\n"
        return out
    }

    private func px(_ value: Double) -> String { RenderNumber.format(value) }
}
