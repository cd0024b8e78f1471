import TextLayout

/// A fallback font as the HTML feed page loads it: the CSS family name and its regular and bold
/// files (the same file twice for a font with one weight), each an absolute path, a path
/// relative to the page or a URL, as ``HTMLFeedRenderer``'s DejaVu Sans files; the PostScript
/// names a browser looks for among the installed fonts first (`local()`); and the code points
/// the page takes from it (`unicode-range`), so a browser downloads it only for a page that has
/// one of them.
public struct HTMLFallbackFont: Hashable, Sendable {
    public var family: String
    public var regular: String
    public var bold: String
    public var regularLocalName: String?
    public var boldLocalName: String?
    /// Nil: every code point.
    public var unicodeRange: UnicodeRanges?

    public init(family: String, regular: String, bold: String, regularLocalName: String? = nil,
                boldLocalName: String? = nil, unicodeRange: UnicodeRanges? = nil) {
        self.family = family
        self.regular = regular
        self.bold = bold
        self.regularLocalName = regularLocalName
        self.boldLocalName = boldLocalName
        self.unicodeRange = unicodeRange
    }

    /// TextLayout's ``FallbackFont/standardCascade()`` files in its order: Noto Sans CJK JP (face 0
    /// of Debian's collections, which is what a browser loads from a collection), then Noto Color
    /// Emoji.
    public static let standardCascade = [
        HTMLFallbackFont(family: "Noto Sans CJK JP", regular: FallbackFont.cjkRegularPath,
                         bold: FallbackFont.cjkBoldPath),
        HTMLFallbackFont(family: "Noto Color Emoji", regular: FallbackFont.emojiPath, bold: FallbackFont.emojiPath),
    ]
}

extension HTMLFeedRenderer {
    /// A renderer whose page loads the fonts of `fonts` (the ones the layouts were measured
    /// with), each file named by `reference(path)`: by default its path, which the page loads as
    /// a `file://` URL; the service names them by their URL under `/fonts/`.
    ///
    /// Each face is looked for among the installed fonts first, by PostScript name. A fallback's
    /// `unicode-range` is what the engine can set in it: the code points its `cmap` covers less
    /// those both primary faces cover, which never reach it. A color (emoji) face keeps the code
    /// points the primary covers too, since its emoji presentation (VS16) takes them from the
    /// primary ("❤️" against "❤"), but not ASCII: a page of digits does not download it, and a
    /// keycap ("1️⃣") shows its digit in the primary font (a departure from the measured cluster).
    public init(width: Double, fonts: FontCollection, reference: (String) -> String = { $0 },
                cellSpacing: Double = 0, includesPositionProbe: Bool = false) {
        let primary = UnicodeRanges(fonts.regular.coveredRanges())
            .intersection(UnicodeRanges(fonts.bold.coveredRanges()))
        let ascii = UnicodeRanges([0 ... 0x7F])
        self.init(width: width, primaryFamily: fonts.regular.familyName, regularFont: reference(fonts.regular.path),
                  boldFont: reference(fonts.bold.path),
                  fallbackFonts: fonts.fallbacks.map { font in
                      let covered = UnicodeRanges(font.regular.coveredRanges())
                      return HTMLFallbackFont(
                          family: font.name, regular: reference(font.regular.path), bold: reference(font.bold.path),
                          regularLocalName: font.regular.postScriptName, boldLocalName: font.bold.postScriptName,
                          unicodeRange: covered.subtracting(font.regular.isColor ? ascii : primary))
                  },
                  cellSpacing: cellSpacing, includesPositionProbe: includesPositionProbe)
        regularLocalName = fonts.regular.postScriptName
        boldLocalName = fonts.bold.postScriptName
    }
}
