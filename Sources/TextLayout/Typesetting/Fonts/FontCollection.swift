/// The faces text is measured with: one per ``FontWeight``, then a cascade of fallback fonts.
///
/// The default is DejaVu Sans and DejaVu Sans Bold from Debian's `fonts-dejavu-core`
/// (`/usr/share/fonts/truetype/dejavu`), then the device-like cascade of
/// ``FallbackFont/standardCascade()`` (Noto Sans CJK, Noto Color Emoji); another directory
/// holding files of the same names can be given, or any two faces and any cascade.
///
/// Each grapheme cluster is set in the first font of the cascade that covers it (see
/// ``FontFallback``): DejaVu Sans sets everything it covers, so text it covers measures exactly
/// as with DejaVu Sans alone. A cluster no font covers is measured in the primary face as
/// `.notdef` (1229/2048 em in DejaVu Sans).
public struct FontCollection: Sendable {
    public let regular: FontFace
    public let bold: FontFace
    /// The fonts tried, in order, for a cluster the primary face does not cover.
    public let fallbacks: [FallbackFont]
    /// The primary faces and the fallbacks as ``BorrowedFace`` values, by slot.
    let cascade: FontCascade
    /// The files of the faces, as a manifest (the one loaded, or one made from the faces).
    public let manifest: FontManifest

    /// Debian's DejaVu directory.
    public static let defaultDirectory = "/usr/share/fonts/truetype/dejavu"

    public init(regular: FontFace, bold: FontFace, fallbacks: [FallbackFont] = []) {
        self.regular = regular
        self.bold = bold
        self.fallbacks = fallbacks
        cascade = FontCascade(regular: regular, bold: bold, fallbacks: fallbacks)
        manifest = FontManifest(cascade: [
            FontManifest.Slot(regular: regular.path, bold: bold.path, faceIndex: regular.faceIndex),
        ] + fallbacks.map { font in
            FontManifest.Slot(regular: font.regular.path, bold: font.bold.path, faceIndex: font.regular.faceIndex)
        })
    }

    /// Loads the faces of `manifest`: its first slot is the primary font, the others the fallback
    /// cascade in order (a fallback may be a bitmap-only color emoji font), each named by its
    /// regular face's family.
    ///
    /// - Throws: ``FontError`` naming the missing or unreadable file.
    public init(manifest: FontManifest) throws(FontError) {
        let primary = manifest.cascade[0]
        let regular = try FontFace(path: primary.regular, index: primary.faceIndex ?? 0)
        let bold = primary.bold == nil ? regular : try FontFace(path: primary.boldFile, index: primary.faceIndex ?? 0)
        var fallbacks: [FallbackFont] = []
        for slot in manifest.cascade.dropFirst() { fallbacks.append(try FallbackFont(slot: slot)) }
        self.init(regular: regular, bold: bold, fallbacks: fallbacks)
    }

    /// Loads `DejaVuSans.ttf` and `DejaVuSans-Bold.ttf` from `directory`, followed by `fallbacks`
    /// (by default the ``FallbackFont/standardCascade()``).
    ///
    /// - Throws: ``FontError`` naming the missing or unreadable file.
    public init(directory: String = FontCollection.defaultDirectory,
                fallbacks: [FallbackFont]? = nil) throws(FontError) {
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        let regular = try FontFace(path: base + "/DejaVuSans.ttf")
        let bold = try FontFace(path: base + "/DejaVuSans-Bold.ttf")
        let cascade: [FallbackFont]
        if let fallbacks { cascade = fallbacks } else { cascade = try FallbackFont.standardCascade() }
        self.init(regular: regular, bold: bold, fallbacks: cascade)
    }

    /// The face for a weight.
    @inline(__always)
    public func face(for weight: FontWeight) -> FontFace {
        switch weight {
        case .regular: regular
        case .bold: bold
        }
    }
}
