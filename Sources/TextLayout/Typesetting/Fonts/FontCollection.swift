/// The faces text is measured with: one per ``FontWeight``.
///
/// The default is DejaVu Sans and DejaVu Sans Bold from Debian's `fonts-dejavu-core`
/// (`/usr/share/fonts/truetype/dejavu`); another directory holding files of the same names can
/// be given, or any two faces.
///
/// Glyphs the faces lack are not substituted from another font: HarfBuzz shapes them to glyph 0
/// (`.notdef`) and they are measured with `.notdef`'s advance (1229/2048 em in DejaVu Sans), so
/// measurement never depends on which other fonts a machine has installed.
public struct FontCollection: Sendable {
    public let regular: FontFace
    public let bold: FontFace

    /// Debian's DejaVu directory.
    public static let defaultDirectory = "/usr/share/fonts/truetype/dejavu"

    public init(regular: FontFace, bold: FontFace) {
        self.regular = regular
        self.bold = bold
    }

    /// Loads `DejaVuSans.ttf` and `DejaVuSans-Bold.ttf` from `directory`.
    ///
    /// - Throws: ``FontError`` naming the missing or unreadable file.
    public init(directory: String = FontCollection.defaultDirectory) throws(FontError) {
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        regular = try FontFace(path: base + "/DejaVuSans.ttf")
        bold = try FontFace(path: base + "/DejaVuSans-Bold.ttf")
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
