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

    /// The fallback slots of ``FontManifest/builtIn``.
    private static let loadedStandardCascade: Result<[FallbackFont], FontError> = {
        do throws(FontError) {
            var fonts: [FallbackFont] = []
            for slot in FontManifest.builtIn.cascade.dropFirst() { fonts.append(try FallbackFont(slot: slot)) }
            return .success(fonts)
        } catch {
            return .failure(error)
        }
    }()

    /// Loads a fallback slot of a manifest: its faces (a bitmap-only color font is admitted; the
    /// regular face serves both weights when the slot names no bold file), named by the regular
    /// face's family ("Noto Sans CJK JP" for face 0 of Debian's collections).
    ///
    /// - Throws: ``FontError`` naming the missing or unreadable file.
    init(slot: FontManifest.Slot) throws(FontError) {
        let index = slot.faceIndex ?? 0
        let regular = try FontFace(path: slot.regular, index: index, allowingBitmapStrikes: true, composingASCII: false)
        let bold = slot.bold == nil ? regular
            : try FontFace(path: slot.boldFile, index: index, allowingBitmapStrikes: true, composingASCII: false)
        self.init(name: regular.familyName, regular: regular, bold: bold)
    }
}
