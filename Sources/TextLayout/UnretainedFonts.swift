import CHarfBuzz

/// A ``FontCollection``'s faces as plain values: what a ``ShapedText`` holds.
///
/// Every thread measures with the same two faces, so holding `FontFace` references per
/// measurement makes both cores write the same reference counts (atomically, each write pulling
/// the cache line over); even a local `let face = …` of a class type retains. A shaped text lives
/// only inside one measurement, while the measurer that owns the collection is alive, so it
/// copies out what shaping reads (see ``BorrowedFace``) and borrows the rest.
struct UnretainedFonts {
    let regular: BorrowedFace
    let bold: BorrowedFace

    /// Borrows `fonts`' faces; the caller keeps `fonts` alive while this is used.
    init(_ fonts: FontCollection) {
        regular = BorrowedFace(fonts.regular)
        bold = BorrowedFace(fonts.bold)
    }

    @inline(__always)
    func face(for weight: FontWeight) -> BorrowedFace {
        switch weight {
        case .regular: regular
        case .bold: bold
        }
    }
}

/// What shaping and line metrics read from a ``FontFace``, copied into a value with no counted
/// reference (the face itself is reached unretained, only for scripts other than Latin and
/// Common).
struct BorrowedFace {
    /// The face's immutable HarfBuzz font.
    let hbFont: OpaquePointer
    let unitsPerEm: Int32
    private let ascenderUnits: Int32
    private let descenderUnits: Int32
    private let lineGapUnits: Int32
    private let latinSpaceIsContextFree: Bool
    private let commonSpaceIsContextFree: Bool
    private unowned(unsafe) let face: FontFace

    init(_ face: FontFace) {
        hbFont = face.hbFont
        unitsPerEm = face.unitsPerEm
        ascenderUnits = face.ascenderUnits
        descenderUnits = face.descenderUnits
        lineGapUnits = face.lineGapUnits
        latinSpaceIsContextFree = face.spaceIsContextFree(for: HB_SCRIPT_LATIN)
        commonSpaceIsContextFree = face.spaceIsContextFree(for: HB_SCRIPT_COMMON)
        self.face = face
    }

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
