import CFreeType

extension FontFace {
    /// The code points the face's Unicode `cmap` maps to a glyph, as ascending, disjoint closed
    /// ranges (FreeType's `FT_Get_First_Char` / `FT_Get_Next_Char`, under the face lock).
    public func coveredRanges() -> [ClosedRange<UInt32>] {
        ftFace.withLock { handle in
            var ranges: [ClosedRange<UInt32>] = []
            var glyph: FT_UInt = 0
            var code = FT_Get_First_Char(handle.face, &glyph)
            while glyph != 0 {
                let scalar = UInt32(code)
                if let last = ranges.last, last.upperBound &+ 1 == scalar {
                    ranges[ranges.count - 1] = last.lowerBound ... scalar
                } else {
                    ranges.append(scalar ... scalar)
                }
                code = FT_Get_Next_Char(handle.face, code, &glyph)
            }
            return ranges
        }
    }

    /// The face's PostScript name (`name` ID 6, "DejaVuSans-Bold"): what CSS `local()` matches.
    public var postScriptName: String? {
        ftFace.withLock { handle in FT_Get_Postscript_Name(handle.face).map { String(cString: $0) } }
    }
}

extension FontFace {
    /// Whether the face is a color bitmap face (Noto Color Emoji's strikes): the face that VS16's
    /// emoji presentation asks for.
    public var isColor: Bool { strike != nil }
}
