/// A ``FontCollection``'s faces as plain values: what a ``ShapedText`` holds.
///
/// Every thread measures with the same two faces, so holding `FontFace` references per
/// measurement makes both cores write the same reference counts (atomically, each write pulling
/// the cache line over); even a local `let face = …` of a class type retains. So a
/// ``TextMeasurer`` copies out once what shaping reads (see ``BorrowedFace``) and hands that to
/// each shaped text; the measurer keeps the collection, and so the faces, alive.
struct UnretainedFonts: Sendable {
    let regular: BorrowedFace
    let bold: BorrowedFace
    /// Whether the collection has fallback fonts (see ``FontFallback``).
    let hasFallbacks: Bool
    /// Every slot's faces, reached without retaining (only for text that needs a fallback).
    unowned(unsafe) let cascade: FontCascade

    /// Borrows `fonts`' faces; the caller keeps `fonts` alive while this is used.
    init(_ fonts: FontCollection) {
        regular = BorrowedFace(fonts.regular)
        bold = BorrowedFace(fonts.bold)
        hasFallbacks = !fonts.fallbacks.isEmpty
        cascade = fonts.cascade
    }

    @inline(__always)
    func face(for weight: FontWeight) -> BorrowedFace {
        switch weight {
        case .regular: regular
        case .bold: bold
        }
    }

    /// The face a run is shaped with: its weight's face in its slot of the cascade.
    @inline(__always)
    func face(for run: FontRun) -> BorrowedFace {
        run.slot == 0 ? face(for: run.attributes.fontWeight) : cascade.face(slot: Int(run.slot), weight: run.attributes.fontWeight)
    }
}
