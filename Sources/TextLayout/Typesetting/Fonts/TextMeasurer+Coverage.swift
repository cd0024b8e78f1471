import CHarfBuzz

extension TextMeasurer {
    /// The grapheme clusters of `text` that would be measured as `.notdef` (a tofu box): each run
    /// of one font (``FontFallback``) shaped in its face, and every cluster holding glyph 0
    /// reported once per occurrence, in order.
    public func clustersWithoutGlyph(in text: AttributedText) -> [String] {
        var string = text.string
        let bytes = string.withUTF8 { Array($0) }
        let fonts = UnretainedFonts(self.fonts)
        var missing: [String] = []
        bytes.withUnsafeBufferPointer { all in
            let runs = FontFallback.fontRuns(all, runs: text.runs, isASCII: AsciiLineBreaks.isASCII(all), fonts: fonts)
            let buffer = hb_buffer_create()
            defer { hb_buffer_destroy(buffer) }
            let base = UnsafeRawPointer(all.baseAddress!).assumingMemoryBound(to: CChar.self)
            for run in runs {
                ScriptItemizer.forEachSegment(all, in: run.range) { segment, script in
                    hb_buffer_clear_contents(buffer)
                    hb_buffer_add_utf8(buffer, base + segment.lowerBound, Int32(segment.count), 0, Int32(segment.count))
                    hb_buffer_set_script(buffer, script)
                    hb_buffer_guess_segment_properties(buffer)
                    hb_shape(fonts.face(for: run).hbFont, buffer, nil, 0)
                    var count: UInt32 = 0
                    guard let infos = hb_buffer_get_glyph_infos(buffer, &count) else { return }
                    var clusters: [Int] = []
                    for g in 0..<Int(count) where infos[g].codepoint == 0 {
                        let cluster = segment.lowerBound + Int(infos[g].cluster)
                        if clusters.last != cluster { clusters.append(cluster) }
                    }
                    for cluster in clusters {
                        let piece = String(decoding: all[cluster..<segment.upperBound], as: UTF8.self)
                        missing.append(piece.first.map(String.init) ?? "")
                    }
                }
            }
        }
        return missing
    }
}
