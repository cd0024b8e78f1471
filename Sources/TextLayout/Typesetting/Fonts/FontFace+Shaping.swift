import CHarfBuzz

extension FontFace {
    /// The advance width of `string` shaped whole by HarfBuzz, in font units: one buffer,
    /// `hb_buffer_guess_segment_properties`, default features, no itemization or line breaking.
    ///
    /// This is exactly what a plain HarfBuzz client (such as `uharfbuzz`) computes, which makes
    /// it the reference the tests' fixtures and the benchmark's "shaping alone" figure use.
    public func advanceUnits(of string: String) -> Int {
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        var string = string
        string.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                hb_buffer_add_utf8(buffer, chars.baseAddress, Int32(chars.count), 0, Int32(chars.count))
            }
        }
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(hbFont, buffer, nil, 0)
        var count: UInt32 = 0
        guard let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return 0 }
        var total = 0
        for i in 0..<Int(count) { total += Int(positions[i].x_advance) }
        return total
    }
}
