import CFreeType
import CHarfBuzz
import Foundation
import Locking
import Synchronization

/// One TrueType/OpenType face, loaded with FreeType and shaped with HarfBuzz's own OpenType
/// font functions.
///
/// FreeType opens and validates the file (it must have scalable outlines) and answers coverage
/// questions; HarfBuzz reads the same file into an `hb_face_t` and shapes with an `hb_font_t`
/// whose scale is the face's units per em. Advances therefore come out unhinted, in font units,
/// exactly as the font's `hmtx`/`GPOS` tables give them; callers multiply by `size / upem`, which
/// is what CoreText does on a device. Because shaping is scale-free, one face serves every size.
///
/// A bitmap-only face (Noto Color Emoji's CBDT strikes) is shaped the same way, but its advances
/// are the strike's (``BitmapStrike``): FreeType selects the strike (`FT_Select_Size`) and
/// reports each glyph's advance in 26.6 pixels at the strike's size, which a run scales by
/// `size / ppem`, as FreeType-based renderers (Chromium's Skia) do.
///
/// Vertical metrics are HarfBuzz's `hb_font_get_h_extents`: HarfBuzz's OpenType functions read
/// the OS/2 typo metrics when the font sets `USE_TYPO_METRICS`, and the `hhea` table otherwise
/// (DejaVu Sans: `hhea` 1901 / −483 / 0 in 2048 units per em).
///
/// Thread safety (why `@unchecked Sendable`): the `hb_font_t` is made immutable after setup, and
/// HarfBuzz documents immutable fonts as safe to shape with from many threads at once (its own
/// `test-multithread` shapes one font from 30 threads). The `FT_Face` is not thread-safe, so it
/// lives behind this face's `Mutex` and is only touched under it.
public final class FontFace: @unchecked Sendable {
    /// The file the face was read from.
    public let path: String
    /// The face's index in its file (a collection's face; 0 for a single font).
    public let faceIndex: Int
    /// FreeType's family and style names ("DejaVu Sans", "Bold").
    public let familyName: String
    public let styleName: String
    /// Font units per em (2048 for DejaVu Sans).
    public let unitsPerEm: Int32
    /// The units shaped advances come in, per em: ``unitsPerEm``, or for a bitmap-only face its
    /// strike's pixels per em in 26.6 (``BitmapStrike``).
    public let advanceUnitsPerEm: Int32
    /// The fixed-size strike of a bitmap-only face, else `nil`.
    let strike: BitmapStrike?
    /// Ascender, descender (negative) and line gap in font units, as HarfBuzz reports them.
    public let ascenderUnits: Int32
    public let descenderUnits: Int32
    public let lineGapUnits: Int32

    /// The immutable HarfBuzz font at scale `unitsPerEm`.
    let hbFont: OpaquePointer
    private let hbFace: OpaquePointer
    let ftFace: Mutex<FaceHandle>
    private let spaceGlyph: hb_codepoint_t?
    /// Memo of ``spaceIsContextFree(for:)`` by script.
    private let contextFreeSpace = Locked<[UInt32: Bool]>([:])
    /// ``spaceIsContextFree(for:)`` for Latin and Common, computed at load: nearly every text
    /// asks, and answering from constants spares every measurement a shared lock.
    private let latinSpaceIsContextFree: Bool
    private let commonSpaceIsContextFree: Bool
    /// ``computeComposableASCII(_:_:)``: tables allocated at load, never written after, freed in
    /// `deinit`.
    let composableASCII: ComposableASCII

    /// `FT_Face` is a raw pointer; the wrapper lets the mutex own it.
    struct FaceHandle: @unchecked Sendable {
        var face: FT_Face
    }

    /// Loads face `index` of the font file (or collection) at `path`.
    ///
    /// `allowingBitmapStrikes` admits a bitmap-only face (a color emoji font); `composingASCII`
    /// computes the ``ComposableASCII`` tables, which only a primary face's fast paths read.
    ///
    /// - Throws: ``FontError`` naming the file when it is missing, unreadable, bitmap-only (unless
    ///   allowed) or not an OpenType face.
    public init(path: String, index: Int = 0, allowingBitmapStrikes: Bool = false,
                composingASCII: Bool = true) throws(FontError) {
        guard FileManager.default.fileExists(atPath: path) else { throw .fileNotFound(path: path) }
        let face = try FreeTypeLibrary.shared.openFace(path: path, index: index)
        var strike: BitmapStrike?
        if face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) == 0 {
            guard allowingBitmapStrikes, let selected = BitmapStrike(face) else {
                FreeTypeLibrary.shared.closeFace(face)
                throw .notScalable(path: path)
            }
            strike = selected
        }
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            FreeTypeLibrary.shared.closeFace(face)
            throw .noOpenTypeFace(path: path)
        }
        defer { hb_blob_destroy(blob) }
        let hbFace = hb_face_create(blob, UInt32(index))!
        let upem = Int32(hb_face_get_upem(hbFace))
        guard upem > 0, hb_face_get_glyph_count(hbFace) > 0 else {
            hb_face_destroy(hbFace)
            FreeTypeLibrary.shared.closeFace(face)
            throw .noOpenTypeFace(path: path)
        }
        hb_face_make_immutable(hbFace)
        // hb_font_create installs HarfBuzz's OpenType font functions (hb_ot_font_set_funcs).
        let font = hb_font_create(hbFace)!
        hb_ot_font_set_funcs(font)
        hb_font_set_scale(font, upem, upem)
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(font, &extents)
        var space: hb_codepoint_t = 0
        spaceGlyph = hb_font_get_nominal_glyph(font, 0x20, &space) != 0 ? space : nil
        hb_font_make_immutable(font)

        self.path = path
        faceIndex = index
        familyName = face.pointee.family_name.map { String(cString: $0) } ?? ""
        styleName = face.pointee.style_name.map { String(cString: $0) } ?? ""
        unitsPerEm = upem
        advanceUnitsPerEm = strike?.unitsPerEm ?? upem
        self.strike = strike
        ascenderUnits = extents.ascender
        descenderUnits = extents.descender
        lineGapUnits = extents.line_gap
        self.hbFace = hbFace
        hbFont = font
        latinSpaceIsContextFree = Self.computeSpaceIsContextFree(hbFace, spaceGlyph, script: HB_SCRIPT_LATIN)
        commonSpaceIsContextFree = Self.computeSpaceIsContextFree(hbFace, spaceGlyph, script: HB_SCRIPT_COMMON)
        composableASCII = composingASCII ? Self.computeComposableASCII(hbFace, font) : ComposableASCII()
        ftFace = Mutex(FaceHandle(face: face))
    }

    deinit {
        strike?.deallocate()
        composableASCII.deallocate()
        hb_font_destroy(hbFont)
        hb_face_destroy(hbFace)
        FreeTypeLibrary.shared.closeFace(ftFace.withLock { $0.face })
    }

    /// Whether, for text of `script`, the space glyph takes part in no GSUB or GPOS lookup the
    /// script can reach (and no legacy `kern` or AAT table applies): then text split after spaces
    /// shapes piecewise exactly as it does whole, which lets ``WordShapeCache`` reuse words.
    ///
    /// Lookups are collected for every OpenType script tag HarfBuzz may pick for `script`, plus
    /// `DFLT`, `dflt` and `latn` (its fallbacks), over all languages and features: conservative.
    /// DejaVu Sans: true for Latin, Greek, Cyrillic, CJK; false for Arabic, whose `liga` forms
    /// ligatures of a space and a haraka.
    func spaceIsContextFree(for script: hb_script_t) -> Bool {
        if script == HB_SCRIPT_LATIN { return latinSpaceIsContextFree }
        if script == HB_SCRIPT_COMMON { return commonSpaceIsContextFree }
        if let known = contextFreeSpace.withLock({ $0[script.rawValue] }) { return known }
        let answer = Self.computeSpaceIsContextFree(hbFace, spaceGlyph, script: script)
        contextFreeSpace.withLock { $0[script.rawValue] = answer }
        return answer
    }

    private static func computeSpaceIsContextFree(_ hbFace: OpaquePointer, _ spaceGlyph: hb_codepoint_t?,
                                                  script: hb_script_t) -> Bool {
        guard let spaceGlyph, let glyphs = glyphsInLookups(hbFace, scripts: [script]) else { return false }
        defer { hb_set_destroy(glyphs) }
        return hb_set_has(glyphs, spaceGlyph) == 0
    }

    /// Whether the face has a glyph for `scalar` (FreeType's cmap lookup, under the face lock).
    /// Characters it lacks shape to `.notdef`; see ``TextMeasurer``.
    public func covers(_ scalar: Unicode.Scalar) -> Bool {
        covers(scalar.value)
    }

    /// ``covers(_:)-(Unicode.Scalar)`` for a code point.
    func covers(_ scalar: UInt32) -> Bool {
        ftFace.withLock { FT_Get_Char_Index($0.face, FT_ULong(scalar)) != 0 }
    }

    /// The vertical metrics at `fontSize` points.
    public func lineMetrics(fontSize: Double) -> LineMetrics {
        let k = fontSize / Double(unitsPerEm)
        return LineMetrics(ascender: Double(ascenderUnits) * k, descender: Double(descenderUnits) * k,
                           lineGap: Double(lineGapUnits) * k)
    }
}
