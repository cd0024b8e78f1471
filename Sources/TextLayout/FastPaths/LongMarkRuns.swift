import CHarfBuzz

/// Shaping an item with a long run of combining marks without mark attachment, whose cost in
/// HarfBuzz grows with the square of the run (each mark searches back over the marks before it
/// for its base), when that provably changes nothing the measurements read.
///
/// Measuring reads, per glyph, its cluster, its advance and its `UNSAFE_TO_BREAK` flag, never
/// its offsets. The `mark` and `mkmk` features may be left out when:
/// - every GPOS lookup they reach (any script, any language) is a mark attachment lookup (types
///   4, 5 and 6, possibly through an extension): those only write offsets and attachment chains,
///   and call `unsafe_to_break` from the mark back to the glyph it attaches to;
/// - the face has GDEF glyph classes (so which glyphs are marks is the table's answer) and the
///   item has no default-ignorable character (which attachment would skip like a mark);
/// - the script is not Hebrew (HarfBuzz composes Hebrew presentation forms only when no `mark`
///   feature is present; for other scripts the feature's presence changes no step but
///   positioning);
/// - and, checked on the result, every mark glyph is in the cluster of the glyph before it in
///   logical order. Then every glyph an attachment lookup could pair a mark with (back over
///   marks, or over components of one multiple substitution, which share a cluster) is in the
///   mark's cluster, and `unsafe_to_break` over one cluster flags nothing.
/// Otherwise the item is shaped with every feature, as any other.
enum LongMarkRuns {
    /// Consecutive combining marks from which an item is shaped without attachment first.
    static let threshold = 64

    /// `-mark` and `-mkmk` for `hb_shape`.
    private static let features: [hb_feature_t] = ["mark", "mkmk"].map { name in
        hb_feature_t(tag: FontFace.tag(name), value: 0, start: 0, end: UInt32.max)
    }

    /// Whether `item` has more than ``threshold`` consecutive scalars of a mark category, and no
    /// default-ignorable character.
    static func applies(_ all: UnsafeBufferPointer<UInt8>, item: Range<Int>, script: hb_script_t) -> Bool {
        guard item.count > 2 * threshold, script != HB_SCRIPT_HEBREW else { return false }
        var run = 0
        var longest = 0
        var i = item.lowerBound
        while i < item.upperBound {
            let lead = all[i]
            guard lead >= 0x80 else {
                run = 0
                i += 1
                continue
            }
            let (scalar, length) = ScriptItemizer.decode(all, at: i, end: item.upperBound)
            if isDefaultIgnorable(scalar) { return false }
            if isMark(scalar) {
                run += 1
                longest = max(longest, run)
            } else {
                run = 0
            }
            i += length
        }
        return longest > threshold
    }

    private static func isMark(_ scalar: UInt32) -> Bool {
        let category = hb_unicode_general_category(hb_unicode_funcs_get_default(), scalar)
        return category == HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK
            || category == HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK
            || category == HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK
    }

    /// Unicode's Default_Ignorable_Code_Point ranges, and the Hangul fillers HarfBuzz adds.
    private static func isDefaultIgnorable(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x00AD, 0x034F, 0x061C, 0x115F...0x1160, 0x17B4...0x17B5, 0x180B...0x180F, 0x200B...0x200F,
             0x202A...0x202E, 0x2060...0x206F, 0x3164, 0xFE00...0xFE0F, 0xFEFF, 0xFFA0, 0xFFF0...0xFFF8,
             0x1BCA0...0x1BCA3, 0x1D173...0x1D17A, 0xE0000...0xE0FFF:
            true
        default:
            false
        }
    }

    /// Shapes `buffer` (filled and with its segment properties) without `mark` and `mkmk` when
    /// `face` allows it; true when the result keeps every mark in its base's cluster, and so is
    /// what shaping with every feature gives for what measuring reads. On false the caller fills
    /// the buffer again and shapes it with every feature.
    static func shapeWithoutAttachment(_ buffer: OpaquePointer?, face: BorrowedFace) -> Bool {
        guard let hbFace = hb_font_get_face(face.hbFont), attachmentOnlyPositionsMarks(hbFace) else { return false }
        features.withUnsafeBufferPointer { hb_shape(face.hbFont, buffer, $0.baseAddress, UInt32($0.count)) }
        return marksStayInTheirClusters(buffer, hbFace)
    }

    /// Whether the GPOS lookups of `mark` and `mkmk`, under every script and language, are all
    /// mark attachment lookups, and the face classifies its glyphs in GDEF.
    private static func attachmentOnlyPositionsMarks(_ hbFace: OpaquePointer) -> Bool {
        guard hb_ot_layout_has_glyph_classes(hbFace) != 0 else { return false }
        let gpos = FontFace.tag("GPOS")
        let lookups = hb_set_create()
        defer { hb_set_destroy(lookups) }
        var featureTags = [FontFace.tag("mark"), FontFace.tag("mkmk"), 0]
        hb_ot_layout_collect_lookups(hbFace, gpos, nil, nil, &featureTags, lookups)
        let blob = hb_face_reference_table(hbFace, gpos)
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        let data = hb_blob_get_data(blob, &length)
        let reader = OpenTypeLayoutTable(bytes: UnsafeRawBufferPointer(start: data, count: Int(length)),
                                         isPositioning: true)
        var lookup = UInt32.max  // HB_SET_VALUE_INVALID
        while hb_set_next(lookups, &lookup) != 0 {
            guard let type = reader.lookupType(Int(lookup)), (4...6).contains(type) else { return false }
        }
        return true
    }

    /// Whether every glyph GDEF classes as a mark has the cluster of the glyph before it in
    /// logical order (the buffer is in visual order: reversed for right-to-left text).
    private static func marksStayInTheirClusters(_ buffer: OpaquePointer?, _ hbFace: OpaquePointer) -> Bool {
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count), count > 0 else { return true }
        let backward = hb_buffer_get_direction(buffer) == HB_DIRECTION_RTL
            || hb_buffer_get_direction(buffer) == HB_DIRECTION_BTT
        let n = Int(count)
        for k in 1..<n {
            let (previous, current) = backward ? (n - k, n - k - 1) : (k - 1, k)
            guard hb_ot_layout_get_glyph_class(hbFace, infos[current].codepoint) == HB_OT_LAYOUT_GLYPH_CLASS_MARK
            else { continue }
            if infos[current].cluster != infos[previous].cluster { return false }
        }
        return true
    }
}
