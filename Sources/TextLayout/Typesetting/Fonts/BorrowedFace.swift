import CHarfBuzz

/// What shaping and line metrics read from a ``FontFace``, copied into a value with no counted
/// reference (the face itself is reached unretained, only for scripts other than Latin and
/// Common).
///
/// Sendable: every field is a plain value; the HarfBuzz font is kept as its address (an
/// immutable `hb_font_t`, safe to shape with from any thread, see ``FontFace``).
struct BorrowedFace: Sendable {
    private let hbFontAddress: UInt
    /// The units shaped advances come in, per em (``FontFace/advanceUnitsPerEm``).
    let unitsPerEm: Int32
    /// The units of the vertical metrics, per em (``FontFace/unitsPerEm``).
    private let metricsUnitsPerEm: Int32
    /// A bitmap-only face's strike, whose advances replace HarfBuzz's (see ``BitmapStrike``).
    let strike: BitmapStrike?
    private let ascenderUnits: Int32
    private let descenderUnits: Int32
    private let lineGapUnits: Int32
    private let latinSpaceIsContextFree: Bool
    private let commonSpaceIsContextFree: Bool
    /// The face's ``ComposableASCII`` tables.
    let composable: ComposableASCII
    private unowned(unsafe) let face: FontFace

    init(_ face: FontFace) {
        hbFontAddress = UInt(bitPattern: UnsafeRawPointer(face.hbFont))
        unitsPerEm = face.advanceUnitsPerEm
        metricsUnitsPerEm = face.unitsPerEm
        strike = face.strike
        ascenderUnits = face.ascenderUnits
        descenderUnits = face.descenderUnits
        lineGapUnits = face.lineGapUnits
        latinSpaceIsContextFree = face.spaceIsContextFree(for: HB_SCRIPT_LATIN)
        commonSpaceIsContextFree = face.spaceIsContextFree(for: HB_SCRIPT_COMMON)
        composable = face.composableASCII
        self.face = face
    }

    /// The face's immutable HarfBuzz font.
    @inline(__always)
    var hbFont: OpaquePointer { OpaquePointer(bitPattern: hbFontAddress)! }

    /// ``FontFace/spaceIsContextFree(for:)``.
    @inline(__always)
    func spaceIsContextFree(for script: hb_script_t) -> Bool {
        if script == HB_SCRIPT_LATIN { return latinSpaceIsContextFree }
        if script == HB_SCRIPT_COMMON { return commonSpaceIsContextFree }
        return face.spaceIsContextFree(for: script)
    }

    /// Whether the face's `cmap` maps `scalar` (HarfBuzz's nominal glyph, on the immutable font).
    @inline(__always)
    func covers(_ scalar: UInt32) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar, &glyph) != 0
    }

    /// ``FontFace/lineMetrics(fontSize:)``, computed the same way.
    func lineMetrics(fontSize: Double) -> LineMetrics {
        let k = fontSize / Double(metricsUnitsPerEm)
        return LineMetrics(ascender: Double(ascenderUnits) * k, descender: Double(descenderUnits) * k,
                           lineGap: Double(lineGapUnits) * k)
    }
}
