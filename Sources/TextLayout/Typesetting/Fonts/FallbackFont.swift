/// A font of the fallback cascade: its regular and bold faces (the same face twice for a font
/// with one weight, such as a color emoji font).
public struct FallbackFont: Sendable {
    /// The family's name as CSS and the documentation name it ("Noto Sans CJK JP").
    public let name: String
    public let regular: FontFace
    public let bold: FontFace

    public init(name: String, regular: FontFace, bold: FontFace) {
        self.name = name
        self.regular = regular
        self.bold = bold
    }

    /// The face for a weight.
    public func face(for weight: FontWeight) -> FontFace {
        switch weight {
        case .regular: regular
        case .bold: bold
        }
    }

    /// Debian's Noto Sans CJK collections (`fonts-noto-cjk`); face 0 is Noto Sans CJK JP.
    public static let cjkRegularPath = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
    public static let cjkBoldPath = "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"
    /// Debian's Noto Color Emoji (`fonts-noto-color-emoji`), CBDT bitmaps.
    public static let emojiPath = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"

    /// The cascade after DejaVu Sans, as a device's cascade list orders it: Noto Sans CJK JP for
    /// Han, Kana and Hangul, then Noto Color Emoji for emoji. Loaded once per process.
    ///
    /// - Throws: ``FontError`` naming a missing or unreadable file (the fonts are a system
    ///   requirement, which the `bin/` scripts install).
    public static func standardCascade() throws(FontError) -> [FallbackFont] {
        try loadedStandardCascade.get()
    }

    private static let loadedStandardCascade: Result<[FallbackFont], FontError> = {
        do throws(FontError) {
            let cjk = FallbackFont(
                name: "Noto Sans CJK JP",
                regular: try FontFace(path: cjkRegularPath, composingASCII: false),
                bold: try FontFace(path: cjkBoldPath, composingASCII: false))
            let emojiFace = try FontFace(path: emojiPath, allowingBitmapStrikes: true, composingASCII: false)
            return .success([cjk, FallbackFont(name: "Noto Color Emoji", regular: emojiFace, bold: emojiFace)])
        } catch {
            return .failure(error)
        }
    }()
}
