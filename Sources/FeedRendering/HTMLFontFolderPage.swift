import TextLayout

/// A feed page that loads its fonts from a folder beside it, by relative URLs, and the font files
/// to put there: the page and the folder move together, to another folder or machine, and the
/// page still finds its fonts (`feed --format html --output FILE`).
///
/// The folder holds the files of the fonts the page can use: the primary font's regular and
/// bold, and each fallback whose `unicode-range` holds a character of the page
/// (``HTMLFeedRenderer/fallbackIndices(usedBy:)``); a fallback the page cannot use is left out of
/// the page's rules too, so the page names no file the folder lacks. Files are named as the server
/// names them (``FontFileNames``).
///
/// ```swift
/// let page = HTMLFontFolderPage(width: 375, fonts: measurer.fonts, folder: "page.fonts", cells: snapshots)
/// // page.html: … src: local("DejaVuSans"), url("page.fonts/DejaVuSans.ttf") …
/// // page.files: [(path: "/usr/share/fonts/…/DejaVuSans.ttf", name: "DejaVuSans.ttf"), …]
/// ```
public struct HTMLFontFolderPage: Sendable {
    /// The page, ending with a newline.
    public var html: String
    /// Each font file the page loads: where it is now, and its name in the folder; no name twice.
    public var files: [(path: String, name: String)]

    /// The page of `cells` at `width` with the fonts of `fonts`, which it loads from `folder` (a
    /// path relative to the page, without a trailing "/").
    public init(width: Double, fonts: FontCollection, folder: String, cells: [CellSnapshot]) {
        let names = FontFileNames.names(for: fonts.manifest.files)
        let full = HTMLFeedRenderer(width: width, fonts: fonts, reference: { path in
            folder + "/" + (names[path] ?? path)
        })
        let firstDraw = full.render(cells)
        let used = full.fallbackIndices(usedBy: firstDraw)
        html = used.count == full.fallbackFonts.count ? firstDraw : full.keepingFallbacks(used).render(cells)
        let paths = [fonts.regular.path, fonts.bold.path]
            + used.flatMap { [fonts.fallbacks[$0].regular.path, fonts.fallbacks[$0].bold.path] }
        var seen = Set<String>()
        files = paths.compactMap { path in
            guard seen.insert(path).inserted else { return nil }
            return (path, names[path] ?? path)
        }
    }
}
