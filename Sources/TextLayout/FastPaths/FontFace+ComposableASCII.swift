import CHarfBuzz

extension FontFace {
    /// The features HarfBuzz applies to horizontal left-to-right text with the default shaper
    /// (Latin, Common): its common and horizontal features, `rvrn`, `ltra` and `ltrm`. (`frac`,
    /// `numr` and `dnom` apply only around U+2044 FRACTION SLASH, which is not ASCII.)
    static let defaultShapingFeatures = ["abvm", "blwm", "ccmp", "locl", "mark", "mkmk", "rlig", "calt", "clig",
                                         "curs", "dist", "kern", "liga", "rclt", "rvrn", "ltra", "ltrm"]

    static func tag(_ name: String) -> hb_tag_t { name.utf8.reduce(0) { $0 << 8 | hb_tag_t($1) } }

    /// The glyphs that a GSUB or GPOS lookup reachable from `scripts` reads or writes, or nil when
    /// the face has tables HarfBuzz would shape with instead (``hasNonOpenTypeLayout(_:)``), which
    /// are not looked into. The caller destroys the set. Lookups as
    /// ``reachableLookups(_:table:scripts:features:)`` collects them, for every feature.
    static func glyphsInLookups(_ hbFace: OpaquePointer, scripts: [hb_script_t]) -> OpaquePointer? {
        guard !hasNonOpenTypeLayout(hbFace) else { return nil }
        let glyphs = hb_set_create()
        for table in [tag("GSUB"), tag("GPOS")] {
            for lookup in reachableLookups(hbFace, table: table, scripts: scripts, features: nil) {
                hb_ot_layout_lookup_collect_glyphs(hbFace, table, lookup, glyphs, glyphs, glyphs, glyphs)
            }
        }
        return glyphs
    }

    /// Whether HarfBuzz would shape with tables other than GSUB and GPOS: AAT `morx`, `kerx` or
    /// `trak`, or a legacy `kern` table without GPOS.
    private static func hasNonOpenTypeLayout(_ hbFace: OpaquePointer) -> Bool {
        func hasTable(_ name: String) -> Bool {
            let blob = hb_face_reference_table(hbFace, tag(name))
            defer { hb_blob_destroy(blob) }
            return hb_blob_get_length(blob) > 0
        }
        return hasTable("morx") || hasTable("kerx") || hasTable("trak")
            || (hasTable("kern") && hb_ot_layout_has_positioning(hbFace) == 0)
    }

    /// The indexes of `table`'s lookups that text of `scripts` can reach: for every OpenType
    /// script tag HarfBuzz may pick for each script, plus `DFLT`, `dflt` and `latn` (its
    /// fallbacks), over all languages; for `features` and every language system's required
    /// feature, or for every feature when `features` is nil.
    static func reachableLookups(_ hbFace: OpaquePointer, table: hb_tag_t, scripts: [hb_script_t],
                                 features: [String]?) -> [UInt32] {
        var scriptTags = [tag("DFLT"), tag("dflt"), tag("latn")]
        for script in scripts {
            var tags = [hb_tag_t](repeating: 0, count: 3)
            var count: UInt32 = 3
            hb_ot_tags_from_script_and_language(script, nil, &count, &tags, nil, nil)
            scriptTags += tags.prefix(Int(count))
        }
        let lookups = hb_set_create()
        defer { hb_set_destroy(lookups) }
        var terminatedScripts = scriptTags + [0]
        if var featureTags = features.map({ $0.map(tag) + [0] }) {
            hb_ot_layout_collect_lookups(hbFace, table, &terminatedScripts, nil, &featureTags, lookups)
            addRequiredFeatureLookups(hbFace, table: table, scripts: scriptTags, to: lookups)
        } else {
            hb_ot_layout_collect_lookups(hbFace, table, &terminatedScripts, nil, nil, lookups)
        }
        var indexes: [UInt32] = []
        var lookup = UInt32.max  // HB_SET_VALUE_INVALID
        while hb_set_next(lookups, &lookup) != 0 { indexes.append(lookup) }
        return indexes
    }

    /// Adds the lookups of the required feature of every language system of `scripts` in `table`.
    private static func addRequiredFeatureLookups(_ hbFace: OpaquePointer, table: hb_tag_t, scripts: [hb_tag_t],
                                                  to lookups: OpaquePointer?) {
        for script in scripts {
            var scriptIndex: UInt32 = 0
            guard hb_ot_layout_table_find_script(hbFace, table, script, &scriptIndex) != 0 else { continue }
            let languageCount = hb_ot_layout_script_get_language_tags(hbFace, table, scriptIndex, 0, nil, nil)
            for language in [UInt32(HB_OT_LAYOUT_DEFAULT_LANGUAGE_INDEX)] + Array(0..<languageCount) {
                var featureIndex: UInt32 = 0
                guard hb_ot_layout_language_get_required_feature(hbFace, table, scriptIndex, language,
                                                                 &featureIndex, nil) != 0 else { continue }
                var start: UInt32 = 0
                var indexes = [UInt32](repeating: 0, count: 64)
                while true {
                    var count = UInt32(indexes.count)
                    let total = hb_ot_layout_feature_get_lookups(hbFace, table, featureIndex, start, &count, &indexes)
                    for index in indexes.prefix(Int(count)) { hb_set_add(lookups, index) }
                    start += count
                    if count == 0 || start >= total { break }
                }
            }
        }
    }

    /// The printable ASCII characters (U+0020–U+007E) whose Latin or Common words compose without
    /// shaping, with their advances and their pairs' kerning.
    ///
    /// 1. A character qualifies when the face maps it to a glyph that GDEF does not class as a
    ///    mark, ligature or component, and when no lookup of a feature HarfBuzz applies to Latin or
    ///    Common text can apply to a text made only of qualifying glyphs
    ///    (``OpenTypeLayoutTable/glyphsThatMayApply(lookup:among:sparingPlainKerning:)``), plain
    ///    kerning pairs aside. Glyphs that could make a lookup apply are dropped until none could:
    ///    DejaVu Sans keeps "i", which `ccmp` changes only before a combining mark.
    /// 2. Shaping such a text then only adds each plain kerning pair's adjustment to the first
    ///    glyph's advance and flags the second `UNSAFE_TO_BREAK` where a pair applied. HarfBuzz
    ///    shapes one sequence holding every ordered pair of qualifying characters, as Latin and as
    ///    Common text, and each neighbour pair's adjustment and flag are read from it, per script.
    ///    A glyph that comes out otherwise (another glyph, an offset, a pair measured two ways)
    ///    drops its characters, and the sequence is shaped again.
    /// 3. A ligature lookup does not drop its first glyph: the pairs that open its ligatures
    ///    ("ff", "fi", "fl" in DejaVu Sans) are marked as pairs to shape, left out of the measured
    ///    sequence, and a word holding one is shaped. "of" and "after" compose; "office" does not.
    static func computeComposableASCII(_ hbFace: OpaquePointer, _ font: OpaquePointer) -> ComposableASCII {
        let composable = ComposableASCII()
        guard !hasNonOpenTypeLayout(hbFace) else { return composable }
        // Per ASCII code: its glyph and advance (glyph 0: none, or not a base glyph).
        var nominal = [(glyph: hb_codepoint_t, advance: Int32)](repeating: (0, 0), count: 128)
        for code in UInt8(0x20)...0x7E {
            var glyph: hb_codepoint_t = 0
            guard hb_font_get_nominal_glyph(font, hb_codepoint_t(code), &glyph) != 0, glyph != 0 else { continue }
            let glyphClass = hb_ot_layout_get_glyph_class(hbFace, glyph)
            guard glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_UNCLASSIFIED || glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_BASE_GLYPH
            else { continue }
            nominal[Int(code)] = (glyph, hb_font_get_glyph_h_advance(font, glyph))
        }
        let (glyphs, shapedGlyphPairs) = glyphsNoLookupApplies(to: Set(nominal.map(\.glyph).filter { $0 != 0 }), hbFace)
        var candidates = (UInt8(0x20)...0x7E).filter { glyphs.contains(nominal[Int($0)].glyph) }
        func mustShape(_ a: UInt8, _ b: UInt8) -> Bool {
            shapedGlyphPairs.contains(UInt64(nominal[Int(a)].glyph) << 32 | UInt64(nominal[Int(b)].glyph))
        }
        while true {
            var dropped: Set<UInt8> = []
            for script in [HB_SCRIPT_LATIN, HB_SCRIPT_COMMON] {
                var pairs = [Int32?](repeating: nil, count: 128 * 128)
                dropped.formUnion(measurePairs(candidates, nominal: nominal, mustShape: mustShape, script: script,
                                               font: font, into: &pairs))
                for a in candidates {
                    for b in candidates {
                        guard let value = pairs[Int(a) << 7 | Int(b)] else { continue }
                        if !composable.setPair(a, b, script: script, adjustment: value >> 1, unsafe: value & 1 != 0) {
                            dropped.formUnion([a, b])
                        }
                    }
                }
            }
            guard !dropped.isEmpty else { break }
            candidates.removeAll { dropped.contains($0) }
        }
        for a in candidates {
            composable.setAdvance(nominal[Int(a)].advance, of: a)
            for b in candidates where mustShape(a, b) { composable.setShapedPair(a, b) }
        }
        return composable
    }

    /// `glyphs` less those that could make a GSUB or GPOS lookup reachable from Latin or Common
    /// text with HarfBuzz's default features apply to a text of the remaining ones, plain kerning
    /// pairs aside, repeated until none could; and the pairs of remaining glyphs
    /// (`first << 32 | second`) that open a ligature of theirs: a ligature lookup
    /// (``OpenTypeLayoutTable/ligatureOpeningPairs(lookup:among:)``) leaves its glyphs in and
    /// changes no text in which none of its pairs are neighbours.
    private static func glyphsNoLookupApplies(to glyphs: Set<UInt32>, _ hbFace: OpaquePointer)
        -> (glyphs: Set<UInt32>, shapedPairs: Set<UInt64>) {
        var remaining = glyphs
        var tables: [(blob: OpaquePointer?, lookups: [UInt32], isPositioning: Bool)] = []
        defer { for table in tables { hb_blob_destroy(table.blob) } }
        for (name, isPositioning) in [("GSUB", false), ("GPOS", true)] {
            let lookups = reachableLookups(hbFace, table: tag(name), scripts: [HB_SCRIPT_LATIN, HB_SCRIPT_COMMON],
                                           features: defaultShapingFeatures)
            tables.append((hb_face_reference_table(hbFace, tag(name)), lookups, isPositioning))
        }
        while true {
            var dropped: Set<UInt32> = [], shapedPairs: Set<UInt64> = []
            for table in tables {
                var length: UInt32 = 0
                let data = hb_blob_get_data(table.blob, &length)
                let reader = OpenTypeLayoutTable(bytes: UnsafeRawBufferPointer(start: data, count: Int(length)),
                                                 isPositioning: table.isPositioning)
                for lookup in table.lookups {
                    if let pairs = reader.ligatureOpeningPairs(lookup: Int(lookup), among: remaining) {
                        shapedPairs.formUnion(pairs)
                    } else {
                        dropped.formUnion(reader.glyphsThatMayApply(lookup: Int(lookup), among: remaining,
                                                                    sparingPlainKerning: true))
                    }
                }
            }
            guard !dropped.isEmpty else { return (remaining, shapedPairs) }
            remaining.subtract(dropped)
        }
    }

    /// Shapes every ordered pair of `candidates` that need not be shaped (`mustShape` is false)
    /// as neighbours in one `script` text, in which no pair that must be shaped is, and records
    /// each neighbour pair's `adjustment << 1 | unsafe` in `pairs` (at `a << 7 | b`). Returns the
    /// characters that came out otherwise than a composition predicts: another glyph or cluster,
    /// an offset or vertical advance, a pair read two ways, an adjusted last glyph, a flagged
    /// first one.
    private static func measurePairs(_ candidates: [UInt8], nominal: [(glyph: hb_codepoint_t, advance: Int32)],
                                     mustShape: (UInt8, UInt8) -> Bool, script: hb_script_t, font: OpaquePointer,
                                     into pairs: inout [Int32?]) -> Set<UInt8> {
        guard !candidates.isEmpty else { return [] }
        var text: [UInt8] = []  // "ab" for each pair, a character between two when they must be shaped
        text.reserveCapacity(3 * candidates.count * candidates.count)
        for a in candidates {
            for b in candidates where !mustShape(a, b) {
                if let last = text.last, mustShape(last, a) {
                    guard let between = candidates.first(where: { !mustShape(last, $0) && !mustShape($0, a) })
                    else { return [a] }
                    text.append(between)
                }
                text.append(a)
                text.append(b)
            }
        }
        let buffer = ShapingBuffer.current
        hb_buffer_clear_contents(buffer)
        text.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                hb_buffer_add_utf8(buffer, $0.baseAddress, Int32($0.count), 0, Int32($0.count))
            }
        }
        hb_buffer_set_script(buffer, script)
        hb_buffer_guess_segment_properties(buffer)  // as ShapedText shapes: the process's language
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)!
        let positions = hb_buffer_get_glyph_positions(buffer, &count)!
        guard Int(count) == text.count else { return Set(candidates) }
        var dropped: Set<UInt8> = []
        for i in text.indices {
            let expected = nominal[Int(text[i])], position = positions[i]
            let unsafe = infos[i].mask & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0
            guard infos[i].codepoint == expected.glyph, infos[i].cluster == UInt32(i), position.x_offset == 0,
                  position.y_offset == 0, position.y_advance == 0, i > 0 || !unsafe else {
                dropped.insert(text[i])
                continue
            }
            let adjustment = position.x_advance - expected.advance
            guard i + 1 < text.count else {
                if adjustment != 0 { dropped.insert(text[i]) }
                continue
            }
            let nextIsUnsafe = infos[i + 1].mask & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0
            let value = adjustment << 1 | (nextIsUnsafe ? 1 : 0)
            let key = Int(text[i]) << 7 | Int(text[i + 1])
            if let known = pairs[key], known != value {
                dropped.formUnion([text[i], text[i + 1]])
            }
            pairs[key] = value
        }
        return dropped
    }
}
