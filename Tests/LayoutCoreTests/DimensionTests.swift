import LayoutCore
import Testing

/// Texture's `ASDimensionTests` (asserted cases DIM-01…05; DIM-06…10 are in SizeRangeTests).
@Suite struct DimensionTests {
    @Test func dim01AutoIsValid() throws {
        #expect(Dimension.auto == .auto)
        #expect(Dimension.auto.resolve(parent: 100, auto: 7) == 7)
        #expect(Dimension.auto.description == "Auto")
    }

    @Test func dim02InvalidValuesAreRejected() {
        // Texture asserts on make(Auto, 100); our `auto` has no value to get wrong, so what can be
        // invalid is a number: validated constructors and parsing refuse it.
        #expect(Dimension.validPoints(-1) == nil)
        #expect(Dimension.validPoints(.infinity) == nil)
        #expect(Dimension.validPoints(.nan) == nil)
        #expect(Dimension.validFraction(1.5) == nil)
        #expect(Dimension.validFraction(-0.1) == nil)
        #expect(throws: DimensionParseError.self) { try Dimension(parsing: "auto100") }
        #expect(throws: DimensionParseError.self) { try Dimension(parsing: "-5pt") }
        #expect(throws: DimensionParseError.self) { try Dimension(parsing: "150%") }
        #expect(throws: DimensionParseError.self) { try Dimension(parsing: "100") }
    }

    @Test func parseErrorNamesTheText() {
        let error = #expect(throws: DimensionParseError.self) { try Dimension(parsing: "12px") }
        #expect(error?.text == "12px")
        #expect(error?.description.hasPrefix("invalid dimension \"12px\"") == true)
    }

    @Test func dim03EmptyAndAutoParseToAuto() throws {
        #expect(try Dimension(parsing: "") == .auto)
        #expect(try Dimension(parsing: "auto") == .auto)
    }

    @Test func dim04FractionEqualsPercentString() throws {
        let half = try #require(Dimension.validFraction(0.5))
        #expect(half == .fraction(0.5))
        #expect(try Dimension(parsing: "50%") == half)
        #expect(half.description == "50%")
    }

    @Test func dim05PointsEqualPtString() throws {
        let hundred = try #require(Dimension.validPoints(100))
        #expect(hundred == .points(100))
        #expect(try Dimension(parsing: "100pt") == hundred)
        #expect(hundred.description == "100pt")
    }

    @Test func resolveFractionWithUndefinedParentIsNaN() {
        #expect(Dimension.fraction(0.5).resolve(parent: 300, auto: 0) == 150)
        #expect(Dimension.fraction(0.5).resolve(parent: .nan, auto: 0).isNaN)
    }
}
