import CHarfBuzz

extension FontFace {
    /// The features HarfBuzz applies to horizontal left-to-right text with the default shaper
    /// (Latin, Common): its common and horizontal features, `rvrn`, `ltra` and `ltrm`. (`frac`,
    /// `numr` and `dnom` apply only around U+2044 FRACTION SLASH, which is not ASCII.)
    static let defaultShapingFeatures = ["abvm", "blwm", "ccmp", "locl", "mark", "mkmk", "rlig", "calt", "clig",
                                         "curs", "dist", "kern", "liga", "rclt", "rvrn", "ltra", "ltrm"]

    static func tag(_ name: String) -> hb_tag_t { name.utf8.reduce(0) { $0 << 8 | hb_tag_t($1) } }

    /// The glyphs that a GSUB or GPOS lookup reachable from `scripts` reads or writes, or nil when
    /// the face has tables HarfBuzz would shape with instead (AAT `morx`/`kerx`, or a legacy `kern`
    /// table without GPOS), which are not looked into. The caller destroys the set.
    ///
    /// Lookups are collected for every OpenType script tag HarfBuzz may pick for each script, plus
    /// `DFLT`, `dflt` and `latn` (its fallbacks), over all languages; for `features` and every
    /// language system's required feature, or for every feature when `features` is nil. With
    /// `skippingAdjacentPositioning`, the GPOS lookups that move a glyph by itself or against its
    /// neighbour (single and pair adjustment, cursive and mark attachment) are left out.
    static func glyphsInLookups(_ hbFace: OpaquePointer, scripts: [hb_script_t], features: [String]? = nil,
                                skippingAdjacentPositioning: Bool = false) -> OpaquePointer? {
        func hasTable(_ name: String) -> Bool {
            let blob = hb_face_reference_table(hbFace, tag(name))
            defer { hb_blob_destroy(blob) }
            return hb_blob_get_length(blob) > 0
        }
        if hasTable("morx") || hasTable("kerx") { return nil }
        if hasTable("kern") && hb_ot_layout_has_positioning(hbFace) == 0 { return nil }
        var scriptTags = [tag("DFLT"), tag("dflt"), tag("latn")]
        for script in scripts {
            var tags = [hb_tag_t](repeating: 0, count: 3)
            var count: UInt32 = 3
            hb_ot_tags_from_script_and_language(script, nil, &count, &tags, nil, nil)
            scriptTags += tags.prefix(Int(count))
        }
        let skipped = skippingAdjacentPositioning ? adjacentPositioningLookups(hbFace) : []
        let lookups = hb_set_create()
        defer { hb_set_destroy(lookups) }
        let glyphs = hb_set_create()
        for table in [tag("GSUB"), tag("GPOS")] {
            hb_set_clear(lookups)
            var terminatedScripts = scriptTags + [0]
            if var featureTags = features.map({ $0.map(tag) + [0] }) {
                hb_ot_layout_collect_lookups(hbFace, table, &terminatedScripts, nil, &featureTags, lookups)
                addRequiredFeatureLookups(hbFace, table: table, scripts: scriptTags, to: lookups)
            } else {
                hb_ot_layout_collect_lookups(hbFace, table, &terminatedScripts, nil, nil, lookups)
            }
            var lookup = UInt32.max  // HB_SET_VALUE_INVALID
            while hb_set_next(lookups, &lookup) != 0 {
                if table == tag("GPOS") && skipped.contains(lookup) { continue }
                hb_ot_layout_lookup_collect_glyphs(hbFace, table, lookup, glyphs, glyphs, glyphs, glyphs)
            }
        }
        return glyphs
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

    /// The indexes of the GPOS lookups of types 1 to 6 (single and pair adjustment, cursive,
    /// mark-to-base, mark-to-ligature and mark-to-mark attachment), directly or through an
    /// extension lookup (type 9), read from the table's lookup list (HarfBuzz has no call for a
    /// lookup's type): each moves a glyph alone or against the glyph next to it, never further.
    /// Any offset past the table's end gives up: then no lookup is listed.
    private static func adjacentPositioningLookups(_ hbFace: OpaquePointer) -> Set<UInt32> {
        let blob = hb_face_reference_table(hbFace, tag("GPOS"))
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length) else { return [] }
        let bytes = UnsafeRawBufferPointer(start: data, count: Int(length))
        func u16(_ at: Int) -> Int? { at + 2 <= bytes.count ? Int(bytes[at]) << 8 | Int(bytes[at + 1]) : nil }
        guard let listOffset = u16(8), let count = u16(listOffset) else { return [] }
        var adjacent: Set<UInt32> = []
        for index in 0..<count {
            guard let lookupOffset = u16(listOffset + 2 + 2 * index).map({ listOffset + $0 }),
                  var type = u16(lookupOffset) else { return [] }
            if type == 9 {  // Extension: the type of its first subtable's extension.
                guard let subtable = u16(lookupOffset + 6).map({ lookupOffset + $0 }),
                      let extensionType = u16(subtable + 2) else { return [] }
                type = extensionType
            }
            if (1...6).contains(type) { adjacent.insert(UInt32(index)) }
        }
        return adjacent
    }

    /// Per ASCII code point, the advance in font units of its glyph when shaping cannot change it
    /// among such characters in Latin or Common text, else −1.
    ///
    /// A printable ASCII character (U+0020–U+007E) qualifies when the face maps it to a glyph
    /// that no lookup of a feature HarfBuzz applies to Latin or Common text touches, adjacent
    /// positioning aside (``glyphsInLookups(_:scripts:features:skippingAdjacentPositioning:)``),
    /// and when no two qualifying characters move each other (kerning, say): HarfBuzz shapes a
    /// sequence holding every ordered pair of them, as Latin and as Common text, and every glyph
    /// must come out as its character's own glyph at its own advance with no offset; the
    /// characters of a pair that does not are dropped and the check runs again. A word made only
    /// of qualifying characters is then its characters' advances side by side, as HarfBuzz would
    /// shape it: ``ShapedText`` composes it without shaping. In DejaVu Sans they are the digits,
    /// the space, most punctuation and a few letters whose kerning partners never qualify.
    static func computeContextFreeASCIIAdvances(_ hbFace: OpaquePointer, _ font: OpaquePointer)
        -> UnsafeMutablePointer<Int32> {
        let table = UnsafeMutablePointer<Int32>.allocate(capacity: 128)
        table.initialize(repeating: -1, count: 128)
        guard let glyphs = glyphsInLookups(hbFace, scripts: [HB_SCRIPT_LATIN, HB_SCRIPT_COMMON],
                                           features: defaultShapingFeatures, skippingAdjacentPositioning: true)
        else { return table }
        defer { hb_set_destroy(glyphs) }
        var nominal: [UInt8: (glyph: hb_codepoint_t, advance: Int32)] = [:]
        for code in UInt8(0x20)...0x7E {
            var glyph: hb_codepoint_t = 0
            guard hb_font_get_nominal_glyph(font, hb_codepoint_t(code), &glyph) != 0, glyph != 0,
                  hb_set_has(glyphs, glyph) == 0 else { continue }
            nominal[code] = (glyph, hb_font_get_glyph_h_advance(font, glyph))
        }
        var candidates = nominal.keys.sorted()
        for script in [HB_SCRIPT_LATIN, HB_SCRIPT_COMMON] {
            while let kerned = kerningCharacters(in: candidates, nominal: nominal, script: script, font: font),
                  !kerned.isEmpty {
                candidates.removeAll { kerned.contains($0) }
            }
        }
        for code in candidates { table[Int(code)] = nominal[code]!.advance }
        return table
    }

    /// The characters of the pairs of `candidates` that HarfBuzz does not shape to their nominal
    /// glyphs and advances in `script` text; nil when there are no candidates. One sequence holds
    /// every ordered pair as neighbours; where a glyph comes out moved, the two pairs it belongs
    /// to are shaped alone to tell which one moved it.
    private static func kerningCharacters(in candidates: [UInt8],
                                          nominal: [UInt8: (glyph: hb_codepoint_t, advance: Int32)],
                                          script: hb_script_t, font: OpaquePointer) -> Set<UInt8>? {
        guard !candidates.isEmpty else { return nil }
        var sequence: [UInt8] = []  // every ordered pair (a, b) as neighbours: "ab" for each a and b
        for a in candidates {
            for b in candidates {
                sequence += [a, b]
            }
        }
        let moved = movedGlyphs(sequence, nominal: nominal, script: script, font: font)
        var found: Set<UInt8> = []
        for i in moved {
            for pair in [i - 1, i] where pair >= 0 && pair + 1 < sequence.count {
                let two = [sequence[pair], sequence[pair + 1]]
                if !movedGlyphs(two, nominal: nominal, script: script, font: font).isEmpty { found.formUnion(two) }
            }
        }
        return found
    }

    /// The indexes of the glyphs of `text` (printable ASCII) that HarfBuzz shapes to something
    /// other than their character's nominal glyph at its advance with no offset.
    private static func movedGlyphs(_ text: [UInt8], nominal: [UInt8: (glyph: hb_codepoint_t, advance: Int32)],
                                    script: hb_script_t, font: OpaquePointer) -> [Int] {
        let buffer = ShapingBuffer.current
        hb_buffer_clear_contents(buffer)
        text.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                hb_buffer_add_utf8(buffer, $0.baseAddress, Int32($0.count), 0, Int32($0.count))
            }
        }
        hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, script)
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)!
        let positions = hb_buffer_get_glyph_positions(buffer, &count)!
        guard Int(count) == text.count else { return Array(text.indices) }
        return text.indices.filter { i in
            let expected = nominal[text[i]]!
            return infos[i].codepoint != expected.glyph || positions[i].x_advance != expected.advance
                || positions[i].x_offset != 0 || positions[i].y_offset != 0 || positions[i].y_advance != 0
        }
    }
}
