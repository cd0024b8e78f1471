import Testing
@testable import TextLayout

/// The layout-table reader that decides which glyphs a lookup can apply to.
@Suite struct OpenTypeLayoutTableTests {
    /// A GSUB table with one single-substitution lookup covering glyphs 5 and 9, and one ligature
    /// lookup whose ligature starts with glyph 5 and needs glyph 7.
    static let gsub: [UInt8] = {
        var bytes: [UInt8] = []
        func u16(_ value: Int) { bytes += [UInt8(value >> 8), UInt8(value & 0xFF)] }
        u16(1); u16(0); u16(0); u16(0); u16(10)           // header: lookup list at 10
        u16(2); u16(6); u16(30)                           // lookup list (10): two lookups, at 16 and 40
        // Lookup 0 (16): type 1, flag 0, one subtable at +8 (24).
        u16(1); u16(0); u16(1); u16(8)
        // SingleSubst format 1 (24): coverage at +6 (30), delta 1.
        u16(1); u16(6); u16(1)
        u16(1); u16(2); u16(5); u16(9)                    // coverage (30): format 1, glyphs 5 and 9
        u16(0)                                            // padding to 40
        // Lookup 1 (40): type 4, flag 0, one subtable at +8 (48).
        u16(4); u16(0); u16(1); u16(8)
        // LigatureSubst (48): coverage at +8 (56), one ligature set at +14 (62).
        u16(1); u16(8); u16(1); u16(14)
        u16(1); u16(1); u16(5)                            // coverage (56): glyph 5
        u16(1); u16(4)                                    // ligature set (62): one ligature at +4 (66)
        u16(20); u16(2); u16(7)                           // ligature (66): glyph 20 from 5 + 7
        return bytes
    }()

    /// A GSUB table with one chained-context lookup (format 3): glyph 5 followed by glyph 7.
    static let chained: [UInt8] = {
        var bytes: [UInt8] = []
        func u16(_ value: Int) { bytes += [UInt8(value >> 8), UInt8(value & 0xFF)] }
        u16(1); u16(0); u16(0); u16(0); u16(10)           // header: lookup list at 10
        u16(1); u16(4)                                    // lookup list (10): one lookup at 14
        u16(6); u16(0); u16(1); u16(8)                    // lookup (14): type 6, one subtable at 22
        // ChainContextSubst format 3 (22): no backtrack, input coverage at +14 (36), lookahead
        // coverage at +20 (42), no nested lookups.
        u16(3); u16(0); u16(1); u16(14); u16(1); u16(20); u16(0)
        u16(1); u16(1); u16(5)                            // input coverage (36): glyph 5
        u16(1); u16(1); u16(7)                            // lookahead coverage (42): glyph 7
        return bytes
    }()

    static func mayApply(_ lookup: Int, among glyphs: Set<UInt32>, table: [UInt8] = gsub) -> Set<UInt32> {
        table.withUnsafeBytes {
            OpenTypeLayoutTable(bytes: $0, isPositioning: false)
                .glyphsThatMayApply(lookup: lookup, among: glyphs, sparingPlainKerning: true)
        }
    }

    @Test func singleSubstitutionAppliesToItsCoverage() {
        #expect(Self.mayApply(0, among: [5, 6, 9]) == [5, 9])
        #expect(Self.mayApply(0, among: [6, 7]) == [])
    }

    @Test func aLigatureAppliesOnlyWhenEveryComponentCanOccur() {
        #expect(Self.mayApply(1, among: [5, 7]) == [5])
        #expect(Self.mayApply(1, among: [5, 6]) == [])
    }

    /// A ligature lookup is avoided by keeping its opening pair apart; other lookups, and tables
    /// that cannot be read, have no such pairs.
    @Test func aLigatureOpensWithThePairOfItsFirstTwoComponents() {
        func pairs(_ lookup: Int, among glyphs: Set<UInt32>, table: [UInt8] = Self.gsub) -> Set<UInt64>? {
            table.withUnsafeBytes {
                OpenTypeLayoutTable(bytes: $0, isPositioning: false).ligatureOpeningPairs(lookup: lookup, among: glyphs)
            }
        }
        #expect(pairs(1, among: [5, 7, 9]) == Set([UInt64(5) << 32 | 7]))
        #expect(pairs(1, among: [5, 9]) == [])  // its component 7 cannot occur
        #expect(pairs(0, among: [5, 7]) == nil)  // a single substitution
        #expect(pairs(0, among: [5, 7], table: Self.chained) == nil)
        #expect(pairs(1, among: [5, 7], table: Array(Self.gsub.prefix(64))) == nil)
    }

    @Test func aContextualRuleAppliesOnlyWhenItsContextCanOccur() {
        #expect(Self.mayApply(0, among: [5, 7], table: Self.chained) == [5])
        #expect(Self.mayApply(0, among: [5, 6], table: Self.chained) == [])
    }

    @Test func anUnreadableTableAnswersEveryGlyph() {
        #expect(Self.mayApply(1, among: [5, 6], table: Array(Self.gsub.prefix(64))) == [5, 6])
        #expect(Self.mayApply(2, among: [5, 6]) == [5, 6])  // no such lookup
    }
}
