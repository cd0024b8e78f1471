/// A ``FontCollection``'s faces without references that count: what a ``ShapedText`` holds.
///
/// Every thread measures with the same two faces, so retaining them per measurement makes both
/// cores write the same reference counts (atomically, each write pulling the cache line over).
/// A shaped text lives only inside one measurement, while the measurer that owns the collection
/// is alive, so it borrows the faces instead.
struct UnretainedFonts {
    unowned(unsafe) let regular: FontFace
    unowned(unsafe) let bold: FontFace

    /// Borrows `fonts`' faces; the caller keeps `fonts` alive while this is used.
    init(_ fonts: FontCollection) {
        regular = fonts.regular
        bold = fonts.bold
    }

    @inline(__always)
    func face(for weight: FontWeight) -> FontFace {
        switch weight {
        case .regular: regular
        case .bold: bold
        }
    }
}
