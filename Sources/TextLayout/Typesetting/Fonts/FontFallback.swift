/// Picks a font of the cascade for every grapheme cluster, as a device's cascade list does, and
/// splits attribute runs where the font changes.
///
/// A cluster (an extended grapheme cluster: an emoji ZWJ sequence, a flag, a keycap, a skin
/// tone, a base and its marks) is set in the first slot (``FontCascade``) whose face covers every
/// one of its significant scalars, by `cmap`:
/// - controls and default-ignorable code points (ZWJ, ZWNJ, variation selectors other than
///   VS16, tag characters, the BOM) need no glyph and count as covered by every face;
/// - VS16 (U+FE0F) asks for emoji presentation and counts as covered by a color (bitmap) face
///   only, so "❤️" is set in Noto Color Emoji while "❤" stays in DejaVu Sans.
/// When no face covers the whole cluster, it goes to the first that covers its first significant
/// scalar, else to the primary face (measured as `.notdef`).
///
/// Text whose every scalar the primary face covers (and that asks for no emoji presentation)
/// keeps its attribute runs as they are; ASCII text never gets here.
enum FontFallback {
    /// `runs` split into runs of one font.
    static func fontRuns(_ bytes: UnsafeBufferPointer<UInt8>, runs: [TextRun], isASCII: Bool,
                         fonts: UnretainedFonts) -> [FontRun] {
        guard !isASCII, fonts.hasFallbacks else { return runs.map(FontRun.init) }
        var result: [FontRun] = []
        result.reserveCapacity(runs.count)
        for run in runs {
            let primary = fonts.face(for: run.attributes.fontWeight)
            guard needsFallback(bytes, in: run.range, primary: primary) else {
                result.append(FontRun(run))
                continue
            }
            split(bytes, run: run, cascade: fonts.cascade, into: &result)
        }
        return result
    }

    /// Whether some scalar of `range` is significant and not covered by `primary`, or is VS16.
    private static func needsFallback(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>,
                                      primary: BorrowedFace) -> Bool {
        var i = range.lowerBound
        while i < range.upperBound {
            if bytes[i] < 0x80 {
                i += 1
                continue
            }
            let (scalar, length) = ScriptItemizer.decode(bytes, at: i, end: range.upperBound)
            i += length
            if scalar == variationSelector16 { return true }
            if !isIgnorable(scalar) && !primary.covers(scalar) { return true }
        }
        return false
    }

    /// Appends `run` cut into runs of one slot, cluster by cluster.
    private static func split(_ bytes: UnsafeBufferPointer<UInt8>, run: TextRun, cascade: FontCascade,
                              into result: inout [FontRun]) {
        let weight = run.attributes.fontWeight
        let string = String(decoding: UnsafeBufferPointer(rebasing: bytes[run.range]), as: UTF8.self)
        var offset = run.range.lowerBound
        var current = FontRun(range: offset..<offset, attributes: run.attributes)
        for character in string {
            let length = character.utf8.count
            let slot = self.slot(for: character.unicodeScalars, weight: weight, cascade: cascade)
            if slot != current.slot && !current.range.isEmpty {
                result.append(current)
                current = FontRun(range: offset..<offset, attributes: run.attributes)
            }
            current.slot = slot
            current.range = current.range.lowerBound..<(offset + length)
            offset += length
        }
        if !current.range.isEmpty { result.append(current) }
    }

    /// The slot a cluster is set in (see the type's rules).
    static func slot(for scalars: Character.UnicodeScalarView, weight: FontWeight, cascade: FontCascade) -> UInt8 {
        for slot in 0..<cascade.count {
            let face = cascade.face(slot: slot, weight: weight)
            if scalars.allSatisfy({ covers(face, $0.value) }) { return UInt8(slot) }
        }
        guard let first = scalars.first(where: { !isIgnorable($0.value) && $0.value != variationSelector16 })
        else { return 0 }
        for slot in 0..<cascade.count where cascade.face(slot: slot, weight: weight).covers(first.value) {
            return UInt8(slot)
        }
        return 0
    }

    private static let variationSelector16: UInt32 = 0xFE0F

    @inline(__always)
    private static func covers(_ face: BorrowedFace, _ scalar: UInt32) -> Bool {
        if scalar == variationSelector16 { return face.strike != nil }
        return isIgnorable(scalar) || face.covers(scalar)
    }

    /// Controls and the default-ignorable code points a cluster may carry without a glyph (VS16
    /// is handled apart).
    static func isIgnorable(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x00...0x1F, 0x7F...0x9F, 0x034F, 0x180B...0x180F, 0x200B...0x200F, 0x202A...0x202E,
             0x2060...0x206F, 0xFE00...0xFE0E, 0xFEFF, 0xE0000...0xE0FFF:
            true
        default:
            false
        }
    }
}
