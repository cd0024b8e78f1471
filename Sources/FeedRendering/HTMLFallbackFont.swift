import TextLayout

/// A fallback font as the HTML feed page loads it: the CSS family name and its regular and bold
/// files (the same file twice for a font with one weight), each an absolute path, a path
/// relative to the page or a URL, as ``HTMLFeedRenderer``'s DejaVu Sans files.
public struct HTMLFallbackFont: Hashable, Sendable {
    public var family: String
    public var regular: String
    public var bold: String

    public init(family: String, regular: String, bold: String) {
        self.family = family
        self.regular = regular
        self.bold = bold
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
    public init(width: Double, fonts: FontCollection, reference: (String) -> String = { $0 },
                cellSpacing: Double = 0, includesPositionProbe: Bool = false) {
        self.init(width: width, primaryFamily: fonts.regular.familyName, regularFont: reference(fonts.regular.path),
                  boldFont: reference(fonts.bold.path),
                  fallbackFonts: fonts.fallbacks.map { font in
                      HTMLFallbackFont(family: font.name, regular: reference(font.regular.path),
                                       bold: reference(font.bold.path))
                  },
                  cellSpacing: cellSpacing, includesPositionProbe: includesPositionProbe)
    }
}
