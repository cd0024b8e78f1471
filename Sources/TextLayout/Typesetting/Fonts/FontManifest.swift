import Foundation

/// The font set text is measured with, as configuration: a cascade of font files, the first slot
/// the primary font (its regular and bold faces), the others the fallbacks in the order a device's
/// cascade list tries them.
///
/// A manifest file is JSON; each slot has a `regular` file, an optional `bold` one (the regular
/// file serves both weights without it, as a color emoji font does) and an optional `faceIndex`
/// (the face of a collection such as a `.ttc`, 0 by default, for both files). Relative paths are
/// relative to the manifest's folder:
///
/// ```json
/// {"cascade": [
///   {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf"},
///   {"regular": "NotoSansCJK-Regular.ttc", "bold": "NotoSansCJK-Bold.ttc", "faceIndex": 0},
///   {"regular": "NotoColorEmoji.ttf"}
/// ]}
/// ```
///
/// ``builtIn`` is Debian's DejaVu Sans, then Noto Sans CJK JP, then Noto Color Emoji. Which
/// manifest a process measures with by default is ``processDefault()``; commands take `--fonts`.
public struct FontManifest: Hashable, Sendable {
    /// One font of the cascade: absolute paths after loading.
    public struct Slot: Hashable, Sendable, Codable {
        public var regular: String
        public var bold: String?
        public var faceIndex: Int?

        public init(regular: String, bold: String? = nil, faceIndex: Int? = nil) {
            self.regular = regular
            self.bold = bold
            self.faceIndex = faceIndex
        }

        /// The bold file: ``bold``, else the regular one.
        public var boldFile: String { bold ?? regular }
        /// The files of the slot, regular first, each once.
        public var files: [String] { bold.map { $0 == regular ? [regular] : [regular, $0] } ?? [regular] }
    }

    /// The slots, primary first; never empty.
    public var cascade: [Slot]
    /// The manifest file this was read from; nil for ``builtIn`` or a manifest made in code.
    public var source: String?

    public init(cascade: [Slot], source: String? = nil) {
        precondition(!cascade.isEmpty, "a font manifest has at least one slot")
        self.cascade = cascade
        self.source = source
    }

    /// Every file of the cascade, in order, each once.
    public var files: [String] {
        var seen = Set<String>()
        return cascade.flatMap(\.files).filter { seen.insert($0).inserted }
    }

    /// Debian's DejaVu Sans (`fonts-dejavu-core`), then Noto Sans CJK JP (face 0 of
    /// `fonts-noto-cjk`'s collections) for Han, Kana and Hangul, then Noto Color Emoji.
    public static let builtIn = FontManifest(cascade: [
        Slot(regular: FontCollection.defaultDirectory + "/DejaVuSans.ttf",
             bold: FontCollection.defaultDirectory + "/DejaVuSans-Bold.ttf"),
        Slot(regular: FallbackFont.cjkRegularPath, bold: FallbackFont.cjkBoldPath, faceIndex: 0),
        Slot(regular: FallbackFont.emojiPath),
    ])

    /// Reads the manifest file at `path`.
    ///
    /// - Throws: ``FontManifestError`` when the file is missing or unreadable, or is not a
    ///   manifest (each error names the file and, for a bad slot, the slot).
    public init(contentsOf path: String) throws(FontManifestError) {
        let url = URL(fileURLWithPath: path)
        guard FileManager.default.fileExists(atPath: url.path) else { throw .fileNotFound(path: path) }
        guard let data = FileManager.default.contents(atPath: url.path) else { throw .unreadable(path: path) }
        try self.init(json: data, directory: url.deletingLastPathComponent().path, source: path)
    }

    /// The manifest in `json`, its relative paths resolved against `directory`.
    public init(json: Data, directory: String, source: String? = nil) throws(FontManifestError) {
        struct File: Decodable { var cascade: [Slot] }
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: json)
        } catch {
            throw .malformed(path: source ?? "font manifest", reason: Self.reason(error))
        }
        guard !file.cascade.isEmpty else {
            throw .malformed(path: source ?? "font manifest", reason: "\"cascade\" is empty")
        }
        var slots: [Slot] = []
        for (index, slot) in file.cascade.enumerated() {
            if let face = slot.faceIndex, face < 0 {
                throw .malformed(path: source ?? "font manifest", reason: "cascade[\(index)].faceIndex is negative")
            }
            if slot.regular.isEmpty || slot.bold?.isEmpty == true {
                throw .malformed(path: source ?? "font manifest", reason: "cascade[\(index)] names an empty path")
            }
            slots.append(Slot(regular: Self.resolve(slot.regular, in: directory),
                              bold: slot.bold.map { Self.resolve($0, in: directory) }, faceIndex: slot.faceIndex))
        }
        self.init(cascade: slots, source: source)
    }

    private static func resolve(_ path: String, in directory: String) -> String {
        path.hasPrefix("/") ? path : URL(fileURLWithPath: directory).appendingPathComponent(path).standardized.path
    }

    private static func reason(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "not JSON" }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing \"\(key.stringValue)\" at \(path(context.codingPath))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "wrong type at \(path(context.codingPath))"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not JSON" : "bad value at \(path(context.codingPath))"
        @unknown default:
            return "not a font manifest"
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        let text = codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return text.isEmpty ? "the top level" : String(text.drop { $0 == "." })
    }
}

/// Why a font manifest could not be read.
public enum FontManifestError: Error, Equatable, CustomStringConvertible {
    case fileNotFound(path: String)
    case unreadable(path: String)
    case malformed(path: String, reason: String)

    public var description: String {
        switch self {
        case .fileNotFound(let path): "font manifest not found: \(path)"
        case .unreadable(let path): "cannot read font manifest \(path)"
        case .malformed(let path, let reason): "font manifest \(path): \(reason)"
        }
    }
}
