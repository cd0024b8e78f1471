import CHarfBuzz

/// What shaping and line metrics read from a ``FontFace``, copied into a value with no counted
/// reference (the face itself is reached unretained, only for scripts other than Latin and
/// Common).
///
/// Sendable: every field is a plain value; the HarfBuzz font is kept as its address (an
/// immutable `hb_font_t`, safe to shape with from any thread, see ``FontFace``).
struct BorrowedFace: Sendable {
    private let hbFontAddress: UInt
    let unitsPerEm: Int32
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
        unitsPerEm = face.unitsPerEm
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

    /// ``FontFace/lineMetrics(fontSize:)``, computed the same way.
    func lineMetrics(fontSize: Double) -> LineMetrics {
        let k = fontSize / Double(unitsPerEm)
        return LineMetrics(ascender: Double(ascenderUnits) * k, descender: Double(descenderUnits) * k,
                           lineGap: Double(lineGapUnits) * k)
    }
}
