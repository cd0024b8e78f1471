/// A read-only view of a font's GSUB or GPOS table that answers one question about a lookup:
/// which glyphs of a set could make it apply to a text made only of glyphs of that set
/// (``glyphsThatMayApply(lookup:among:sparingPlainKerning:)``). HarfBuzz has no call for this: its
/// `hb_ot_layout_lookup_collect_glyphs` merges every rule of a contextual lookup, so a letter
/// that a rule substitutes only before a combining mark ("i" in `ccmp`) looks as touched as one
/// a ligature always replaces ("f" in `liga`).
///
/// The reader follows the OpenType layout common table formats (coverage, class definitions,
/// lookup lists, extension lookups) and the subtable formats of GSUB types 1–8 and GPOS types
/// 1–9. Anything it cannot read — an unknown type or format, an offset past the table's end —
/// answers "every glyph of the set", which is never wrong, only less useful.
struct OpenTypeLayoutTable {
    let bytes: UnsafeRawBufferPointer
    let isPositioning: Bool

    /// Thrown inside the reader when the table is malformed; callers see "every glyph".
    private struct Malformed: Error {}

    /// GPOS value-format bits: `xAdvance` alone is the only adjustment a plain kerning pair makes.
    static let xAdvance = 0x0004
    /// LookupFlag bit that makes a lookup skip base glyphs.
    static let ignoreBaseGlyphs = 0x0002

    private func u16(_ at: Int) throws(Malformed) -> Int {
        guard at >= 0, at + 2 <= bytes.count else { throw Malformed() }
        return Int(bytes[at]) << 8 | Int(bytes[at + 1])
    }

    private func u32(_ at: Int) throws(Malformed) -> Int {
        try u16(at) << 16 | u16(at + 2)
    }

    /// `count` 16-bit values from `at`.
    private func u16s(_ at: Int, count: Int) throws(Malformed) -> [Int] {
        var values: [Int] = []
        values.reserveCapacity(count)
        for k in 0..<count { values.append(try u16(at + 2 * k)) }
        return values
    }

    /// A lookup's type and flag and its subtables' offsets in the table, extension lookups
    /// (GSUB 7, GPOS 9) resolved to the subtables they wrap.
    private func lookup(_ index: Int) throws(Malformed) -> (type: Int, flag: Int, subtables: [Int]) {
        let list = try u16(8)
        guard index < (try u16(list)) else { throw Malformed() }
        let at = list + (try u16(list + 2 + 2 * index))
        var type = try u16(at)
        let flag = try u16(at + 2)
        var subtables = try u16s(at + 6, count: try u16(at + 4)).map { at + $0 }
        if type == (isPositioning ? 9 : 7) {
            var wrapped: Int?
            subtables = try subtables.map { (subtable) throws(Malformed) -> Int in
                let extensionType = try u16(subtable + 2)
                guard wrapped == nil || wrapped == extensionType else { throw Malformed() }
                wrapped = extensionType
                return subtable + (try u32(subtable + 4))
            }
            type = wrapped ?? 0
        }
        return (type, flag, subtables)
    }

    /// The coverage index of `glyph` in the coverage table at `at`, or nil when not covered.
    private func coverageIndex(of glyph: UInt32, at: Int) throws(Malformed) -> Int? {
        let count = try u16(at + 2)
        switch try u16(at) {
        case 1:
            for k in 0..<count where UInt32(try u16(at + 4 + 2 * k)) == glyph { return k }
        case 2:
            for k in 0..<count {
                let record = at + 4 + 6 * k
                let start = UInt32(try u16(record)), end = UInt32(try u16(record + 2))
                if start <= glyph && glyph <= end { return try u16(record + 4) + Int(glyph - start) }
            }
        default:
            throw Malformed()
        }
        return nil
    }

    private func covered(_ glyphs: Set<UInt32>, at: Int) throws(Malformed) -> Set<UInt32> {
        var found: Set<UInt32> = []
        for glyph in glyphs where try coverageIndex(of: glyph, at: at) != nil { found.insert(glyph) }
        return found
    }

    /// The class of `glyph` in the class definition at `at` (0 for glyphs it does not list).
    private func classOf(_ glyph: UInt32, at: Int) throws(Malformed) -> Int {
        switch try u16(at) {
        case 1:
            let start = UInt32(try u16(at + 2)), count = try u16(at + 4)
            guard glyph >= start, glyph - start < count else { return 0 }
            return try u16(at + 6 + 2 * Int(glyph - start))
        case 2:
            for k in 0..<(try u16(at + 2)) {
                let record = at + 4 + 6 * k
                let start = UInt32(try u16(record)), end = UInt32(try u16(record + 2))
                if start <= glyph && glyph <= end { return try u16(record + 4) }
            }
            return 0
        default:
            throw Malformed()
        }
    }

    /// Lookup `index`'s type (an extension lookup's wrapped type), or nil when it cannot be read.
    func lookupType(_ index: Int) -> Int? {
        try? lookup(index).type
    }

    /// The glyphs of `glyphs` that could make lookup `index` apply to a text made only of
    /// `glyphs`: for a lookup that applies to one glyph, those it covers; for a ligature, the
    /// first glyphs of ligatures whose every component is in `glyphs`; for a contextual lookup,
    /// the covered first glyphs of the rules whose every position (backtrack, input, lookahead)
    /// allows some glyph of `glyphs`. With `sparingPlainKerning`, a GPOS pair lookup that only
    /// adjusts the first glyph's advance (value formats `xAdvance` and 0) and does not skip base
    /// glyphs answers no glyph: its effect on such a text is a sum of pair adjustments, which the
    /// caller measures. Every glyph when the table cannot be read.
    func glyphsThatMayApply(lookup index: Int, among glyphs: Set<UInt32>, sparingPlainKerning: Bool) -> Set<UInt32> {
        do {
            let (type, flag, subtables) = try lookup(index)
            var found: Set<UInt32> = []
            for subtable in subtables {
                found.formUnion(try applyingGlyphs(type: type, flag: flag, subtable: subtable, among: glyphs,
                                                   sparingPlainKerning: sparingPlainKerning))
            }
            return found
        } catch {
            return glyphs
        }
    }

    /// For a ligature substitution lookup (GSUB 4) that does not skip base glyphs: the pairs
    /// `first << 32 | second` of the first two components of each ligature whose every
    /// component is in `glyphs`. The lookup changes no text of `glyphs` in which none of these
    /// pairs are neighbours: a ligature needs its components in a row, and base glyphs are never
    /// skipped. Nil for any other lookup, a one-glyph ligature, or a table it cannot read.
    func ligatureOpeningPairs(lookup index: Int, among glyphs: Set<UInt32>) -> Set<UInt64>? {
        do {
            let (type, flag, subtables) = try lookup(index)
            guard !isPositioning, type == 4, flag & Self.ignoreBaseGlyphs == 0 else { return nil }
            var pairs: Set<UInt64> = []
            for at in subtables {
                for ligature in try ligatures(at, among: glyphs) {
                    guard let second = ligature.rest.first else { return nil }
                    pairs.insert(UInt64(ligature.first) << 32 | UInt64(second))
                }
            }
            return pairs
        } catch {
            return nil
        }
    }

    private func applyingGlyphs(type: Int, flag: Int, subtable at: Int, among glyphs: Set<UInt32>,
                                sparingPlainKerning: Bool) throws(Malformed) -> Set<UInt32> {
        switch (isPositioning, type) {
        case (false, 1), (false, 2), (false, 3), (true, 1), (true, 3), (true, 4), (true, 5), (true, 6):
            // The first coverage: substituted glyphs, adjusted glyphs, cursive glyphs, or the
            // marks that attach (a mark attachment moves only marks).
            return try covered(glyphs, at: at + (try u16(at + 2)))
        case (false, 4):
            return try ligatureFirstGlyphs(at, among: glyphs)
        case (true, 2):
            let firstFormat = try u16(at + 4), secondFormat = try u16(at + 6)
            let plain = firstFormat & ~Self.xAdvance == 0 && secondFormat == 0 && flag & Self.ignoreBaseGlyphs == 0
            return plain && sparingPlainKerning ? [] : try covered(glyphs, at: at + (try u16(at + 2)))
        case (false, 5), (true, 7):
            return try contextualFirstGlyphs(at, chained: false, among: glyphs)
        case (false, 6), (true, 8):
            return try contextualFirstGlyphs(at, chained: true, among: glyphs)
        case (false, 8):
            return try reverseChainGlyphs(at, among: glyphs)
        default:
            throw Malformed()
        }
    }

    private func ligatureFirstGlyphs(_ at: Int, among glyphs: Set<UInt32>) throws(Malformed) -> Set<UInt32> {
        Set(try ligatures(at, among: glyphs).map(\.first))
    }

    /// The ligatures of the LigatureSubst subtable at `at` whose every component is in `glyphs`:
    /// each one's first glyph and its other components.
    private func ligatures(_ at: Int, among glyphs: Set<UInt32>) throws(Malformed) -> [(first: UInt32, rest: [Int])] {
        guard try u16(at) == 1 else { throw Malformed() }
        let coverage = at + (try u16(at + 2))
        var found: [(first: UInt32, rest: [Int])] = []
        for glyph in glyphs {
            guard let index = try coverageIndex(of: glyph, at: coverage) else { continue }
            let set = at + (try u16(at + 6 + 2 * index))
            for offset in try u16s(set + 2, count: try u16(set)) {
                let ligature = set + offset
                let components = try u16s(ligature + 4, count: max(0, try u16(ligature + 2) - 1))
                if components.allSatisfy({ glyphs.contains(UInt32($0)) }) { found.append((glyph, components)) }
            }
        }
        return found
    }

    /// A position of a contextual rule: the glyphs it allows among a set.
    private enum Position {
        case glyph(Int)
        case glyphClass(Int, classDef: Int?)
        case coverage(Int)
    }

    private func allowsSome(_ position: Position, of glyphs: Set<UInt32>) throws(Malformed) -> Bool {
        switch position {
        case .glyph(let id):
            return glyphs.contains(UInt32(id))
        case .glyphClass(let wanted, let classDef):
            guard let classDef else { return wanted == 0 }
            for glyph in glyphs where try classOf(glyph, at: classDef) == wanted { return true }
            return false
        case .coverage(let at):
            for glyph in glyphs where try coverageIndex(of: glyph, at: at) != nil { return true }
            return false
        }
    }

    private func allAllowSome(_ positions: [Position], of glyphs: Set<UInt32>) throws(Malformed) -> Bool {
        for position in positions where !(try allowsSome(position, of: glyphs)) { return false }
        return true
    }

    /// Context (GSUB 5, GPOS 7) and chained context (GSUB 6, GPOS 8) subtables, formats 1–3.
    private func contextualFirstGlyphs(_ at: Int, chained: Bool, among glyphs: Set<UInt32>) throws(Malformed)
        -> Set<UInt32> {
        let format = try u16(at)
        if format == 3 { return try coverageRuleGlyphs(at, chained: chained, among: glyphs) }
        guard format == 1 || format == 2 else { throw Malformed() }
        let coverage = at + (try u16(at + 2))
        // Format 2's class definitions: backtrack, input and lookahead (one shared when not chained).
        var classDefs: [Int?] = []
        if format == 2 {
            for k in 0..<(chained ? 3 : 1) {
                let offset = try u16(at + 4 + 2 * k)
                classDefs.append(offset == 0 ? nil : at + offset)
            }
        }
        let setsAt = at + 4 + 2 * classDefs.count
        let setCount = try u16(setsAt)
        var found: Set<UInt32> = []
        for glyph in glyphs {
            guard let covered = try coverageIndex(of: glyph, at: coverage) else { continue }
            let setIndex: Int
            if format == 1 {
                setIndex = covered
            } else if let input = classDefs[chained ? 1 : 0] {
                setIndex = try classOf(glyph, at: input)
            } else {
                setIndex = 0
            }
            guard setIndex < setCount else { continue }
            let setOffset = try u16(setsAt + 2 + 2 * setIndex)
            guard setOffset != 0 else { continue }
            let set = at + setOffset
            for ruleOffset in try u16s(set + 2, count: try u16(set)) {
                let positions = try rulePositions(set + ruleOffset, chained: chained, classDefs: format == 2 ? classDefs : nil)
                if try allAllowSome(positions, of: glyphs) {
                    found.insert(glyph)
                    break
                }
            }
        }
        return found
    }

    /// The positions of a format 1 or 2 rule other than its first input glyph: glyph ids, or
    /// classes of `classDefs` (backtrack, input, lookahead).
    private func rulePositions(_ rule: Int, chained: Bool, classDefs: [Int?]?) throws(Malformed) -> [Position] {
        func position(_ value: Int, _ which: Int) -> Position {
            guard let classDefs else { return .glyph(value) }
            return .glyphClass(value, classDef: classDefs[chained ? which : 0])
        }
        guard chained else {
            let inputCount = try u16(rule)
            return try u16s(rule + 4, count: max(0, inputCount - 1)).map { position($0, 1) }
        }
        var at = rule
        let backtrack = try u16s(at + 2, count: try u16(at)).map { position($0, 0) }
        at += 2 + 2 * backtrack.count
        let input = try u16s(at + 2, count: max(0, try u16(at) - 1)).map { position($0, 1) }
        at += 2 + 2 * input.count
        let lookahead = try u16s(at + 2, count: try u16(at)).map { position($0, 2) }
        return backtrack + input + lookahead
    }

    /// Format 3: one coverage per position; the first input coverage's glyphs apply when every
    /// position allows some glyph.
    private func coverageRuleGlyphs(_ at: Int, chained: Bool, among glyphs: Set<UInt32>) throws(Malformed)
        -> Set<UInt32> {
        var coverages: [Int] = [], firstInput: Int
        if chained {
            var cursor = at + 2
            var groups: [[Int]] = []
            for _ in 0..<3 {
                let count = try u16(cursor)
                groups.append(try u16s(cursor + 2, count: count).map { at + $0 })
                cursor += 2 + 2 * count
            }
            guard let first = groups[1].first else { throw Malformed() }
            firstInput = first
            coverages = groups.flatMap { $0 }
        } else {
            coverages = try u16s(at + 6, count: try u16(at + 2)).map { at + $0 }
            guard let first = coverages.first else { throw Malformed() }
            firstInput = first
        }
        return try allAllowSome(coverages.map { .coverage($0) }, of: glyphs) ? try covered(glyphs, at: firstInput) : []
    }

    /// Reverse chaining single substitution (GSUB 8): its coverage's glyphs when the backtrack and
    /// lookahead coverages each allow some glyph.
    private func reverseChainGlyphs(_ at: Int, among glyphs: Set<UInt32>) throws(Malformed) -> Set<UInt32> {
        guard try u16(at) == 1 else { throw Malformed() }
        let backtrackCount = try u16(at + 4)
        let backtrack = try u16s(at + 6, count: backtrackCount)
        let lookaheadAt = at + 6 + 2 * backtrackCount
        let lookahead = try u16s(lookaheadAt + 2, count: try u16(lookaheadAt))
        let contextAllows = try allAllowSome((backtrack + lookahead).map { .coverage(at + $0) }, of: glyphs)
        return contextAllows ? try covered(glyphs, at: at + (try u16(at + 2))) : []
    }
}
