/// Why a font could not be loaded.
public enum FontError: Error, Equatable, CustomStringConvertible {
    /// No file at the path.
    case fileNotFound(path: String)
    /// FreeType refused the file (`code` is FreeType's error number).
    case unreadable(path: String, code: Int32)
    /// The file holds a bitmap-only face: it has no outlines to measure unhinted advances from.
    case notScalable(path: String)
    /// HarfBuzz could not read the file as an OpenType face.
    case noOpenTypeFace(path: String)

    public var description: String {
        switch self {
        case .fileNotFound(let path):
            "font file not found: \(path) (install fonts-dejavu-core, fonts-noto-cjk and fonts-noto-color-emoji, or pass other fonts)"
        case .unreadable(let path, let code):
            "FreeType cannot open font \(path) (FreeType error \(code))"
        case .notScalable(let path):
            "font \(path) has no scalable outlines"
        case .noOpenTypeFace(let path):
            "HarfBuzz cannot read an OpenType face from \(path)"
        }
    }
}
