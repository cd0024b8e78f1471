import CFreeType

/// The fixed-size strike a bitmap-only face (Noto Color Emoji's CBDT) is measured with: its
/// pixels per em and every glyph's advance at that size, both in 26.6 fixed point as FreeType
/// reports them.
///
/// FreeType selects the largest strike (`FT_Select_Size`) and loads each glyph's metrics without
/// decoding its image (`FT_LOAD_COLOR | FT_LOAD_BITMAP_METRICS_ONLY`). A run at `size` points
/// scales an advance by `size / ppem` (``unitsPerEm`` is the ppem in 26.6), as FreeType-based
/// renderers scale a strike to the requested size: Noto Color Emoji's 136-pixel advances at
/// 109 ppem give 136 × 14 / 109 points at 14 points, not its `hmtx` advance of 2550 / 2048 em.
///
/// Sendable: the table is written only while the face loads; the owning ``FontFace`` frees it.
struct BitmapStrike: Sendable {
    /// The strike's pixels per em in 26.6 (109 × 64 for Noto Color Emoji).
    let unitsPerEm: Int32
    let glyphCount: Int
    private let advancesAddress: UInt

    /// Selects `face`'s largest strike and reads its advances, or `nil` when the face has no
    /// strike or FreeType cannot select it. Called while the face is not yet shared.
    init?(_ face: FT_Face) {
        let sizes = Int(face.pointee.num_fixed_sizes)
        guard sizes > 0, let available = face.pointee.available_sizes else { return nil }
        var best = 0
        for i in 1..<max(sizes, 1) where available[i].x_ppem > available[best].x_ppem { best = i }
        guard FT_Select_Size(face, FT_Int(best)) == 0, available[best].x_ppem > 0 else { return nil }
        unitsPerEm = Int32(available[best].x_ppem)
        glyphCount = Int(face.pointee.num_glyphs)
        let advances = UnsafeMutablePointer<Int32>.allocate(capacity: max(glyphCount, 1))
        let flags = Int32(FT_LOAD_COLOR) | Int32(FT_LOAD_BITMAP_METRICS_ONLY)
        for glyph in 0..<glyphCount {
            let loaded = FT_Load_Glyph(face, FT_UInt(glyph), flags) == 0
            advances[glyph] = loaded ? Int32(truncatingIfNeeded: face.pointee.glyph.pointee.advance.x) : 0
        }
        advancesAddress = UInt(bitPattern: advances)
    }

    /// The advance of `glyph` in 26.6 pixels at the strike's size (0 for a glyph out of range).
    @inline(__always)
    func advance(of glyph: UInt32) -> Int32 {
        Int(glyph) < glyphCount ? UnsafeMutablePointer<Int32>(bitPattern: advancesAddress)![Int(glyph)] : 0
    }

    func deallocate() {
        UnsafeMutablePointer<Int32>(bitPattern: advancesAddress)?.deallocate()
    }
}
