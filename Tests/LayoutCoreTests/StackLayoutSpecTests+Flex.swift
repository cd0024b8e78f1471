import Testing
import LayoutCore
import LayoutTestSupport
import NodeTestSupport

/// flexGrow, flexShrink and flexBasis (semantics §3.1.4, §3.1.6): one pass, floored grow shares
/// with the remainder to the first flexed item, size-weighted shrink, exact ranges that beat
/// the children's own min/max sizes.
@Suite struct StackLayoutSpecFlexTests {
    func row(_ children: [any LayoutElement], spacing: Double = 0) -> StackLayoutSpec {
        StackLayoutSpec(direction: .horizontal, spacing: spacing, alignItems: .start, children: children)
    }

    func exactWidth(_ width: Double) -> SizeRange { sizeRange(width, 0, width, inf) }

    // MARK: - Grow

    @Test func growSharesAreFlooredAndTheRemainderGoesToTheFirstGrower() {
        // 175 between two equal growers: floor(87.5) = 87 each, remainder 1 to the first → 88, 87.
        let spec = row([leaf("a", 0, 20) { $0.flexGrow = 1 }, leaf("b", 0, 20) { $0.flexGrow = 1 }])
        for context in scales {
            let layout = measure(spec, exactWidth(175), context)
            #expect(frames(layout) == [Rect(0, 0, 88, 20), Rect(88, 0, 87, 20)])
            #expect(layout.size == Size(175, 20))
        }
    }

    @Test func threeGrowersIn100() {
        // floor(33.33) = 33 × 3 = 99; remainder 1 → 34, 33, 33.
        let spec = row((0..<3).map { index in leaf(LayoutElementID("\(index)"), 0, 10) { $0.flexGrow = 1 } })
        #expect(frames(measure(spec, exactWidth(100))).map(\.size.width) == [34, 33, 33])
        #expect(frames(measure(spec, exactWidth(100))).map(\.minX) == [0, 34, 67])
    }

    @Test func subPointSurplusBetweenTwoGrowersVanishes() {
        // 1.5 surplus: floor(0.75) = 0 for both → nobody changes, not even the first.
        let spec = row([leaf("a", 50, 20) { $0.flexGrow = 1 }, leaf("b", 50, 20) { $0.flexGrow = 1 }])
        // The stack still takes the exact width 101.5: S=1 102, S=2 101.5, S=3 304.5→305/3.
        let widths = [102, 101.5, 305.0 / 3]
        for (context, width) in zip(scales, widths) {
            let layout = measure(spec, exactWidth(101.5), context)
            #expect(frames(layout) == [Rect(0, 0, 50, 20), Rect(50, 0, 50, 20)])
            #expect(layout.size == Size(width, 20))
        }
    }

    @Test func singleGrowerTakesTheFractionalRemainderToo() {
        // floor(1.5) = 1 plus remainder 0.5 → 51.5: S=1 52, S=2 51.5, S=3 154.5→155/3.
        let spec = row([node("a", 50, 20), leaf("b", 50, 20) { $0.flexGrow = 1 }])
        let widths = [52, 51.5, 155.0 / 3]
        for (context, width) in zip(scales, widths) {
            #expect(frames(measure(spec, exactWidth(101.5), context))[1] == Rect(50, 0, width, 20))
        }
    }

    @Test func growIsWeightedByFactor() {
        // 160 surplus, factors 1 and 3: floor(40) and floor(120) → 60 and 140.
        let spec = row([leaf("a", 20, 10) { $0.flexGrow = 1 }, leaf("b", 20, 10) { $0.flexGrow = 3 }])
        #expect(frames(measure(spec, exactWidth(200))) == [Rect(0, 0, 60, 10), Rect(60, 0, 140, 10)])
    }

    @Test func remainderGoesToTheFirstItemThatActuallyChanges() {
        // 50 surplus, factors 1 and 100: a gets floor(0.495) = 0 and is not flexed; b gets
        // floor(49.5) = 49 plus the remainder 1 → 70.
        let spec = row([leaf("a", 20, 10) { $0.flexGrow = 1 }, leaf("b", 20, 10) { $0.flexGrow = 100 }])
        #expect(frames(measure(spec, exactWidth(90))) == [Rect(0, 0, 20, 10), Rect(20, 0, 70, 10)])
    }

    @Test func growFillsUpToTheMinNotTheMax() {
        // {100}-{300}: sum 50 < min 100 → surplus 50; the stack is 100 wide.
        let spec = row([leaf("a", 20, 10) { $0.flexGrow = 1 }, node("b", 30, 10)])
        let layout = measure(spec, sizeRange(100, 0, 300, inf))
        #expect(frames(layout) == [Rect(0, 0, 70, 10), Rect(70, 0, 30, 10)])
        #expect(layout.size == Size(100, 10))
        // Unbounded with a 0 min: nothing to grow into.
        #expect(frames(measure(spec, .unconstrained)) == [Rect(0, 0, 20, 10), Rect(20, 0, 30, 10)])
    }

    @Test func spacingCountsAgainstTheSurplus() {
        // spacing 10: sum 50 → 50 surplus → 25 each → 45, 45; b at 45 + 10.
        let spec = row([leaf("a", 20, 10) { $0.flexGrow = 1 }, leaf("b", 20, 10) { $0.flexGrow = 1 }], spacing: 10)
        #expect(frames(measure(spec, exactWidth(100))) == [Rect(0, 0, 45, 10), Rect(55, 0, 45, 10)])
        // spacingBefore 5 on a and spacingAfter 7 on b: sum 52 → a grows 48 → 68, at 5; b at 73.
        let spaced = row([leaf("a", 20, 10) { $0.flexGrow = 1; $0.spacingBefore = 5 },
                          leaf("b", 20, 10) { $0.spacingAfter = 7 }])
        #expect(frames(measure(spaced, exactWidth(100))) == [Rect(5, 0, 68, 10), Rect(73, 0, 20, 10)])
    }

    @Test func verticalGrowUsesHeights() {
        let spec = StackLayoutSpec(direction: .vertical, alignItems: .start,
                                   children: [leaf("a", 20, 0) { $0.flexGrow = 1 }, leaf("b", 20, 0) { $0.flexGrow = 1 }])
        let layout = measure(spec, sizeRange(0, 175, inf, 175))
        #expect(frames(layout) == [Rect(0, 0, 20, 88), Rect(0, 88, 20, 87)])
        #expect(layout.size == Size(20, 175))
    }

    // MARK: - Shrink

    @Test func shrinkIsWeightedBySizeAndSnapsUp() {
        // 330 in 300: overflow 30 shared 210:120 → 190.909 and 109.0909, ceiled:
        // S=1 191, 110; S=2 191, 109.5 (218.18→219/2); S=3 191 (572.7→573/3), 327.3→328/3.
        let spec = row([leaf("a", 210, 20) { $0.flexShrink = 1 }, leaf("b", 120, 20) { $0.flexShrink = 1 }])
        let widths = [110, 109.5, 328.0 / 3]
        for (context, width) in zip(scales, widths) {
            let layout = measure(spec, exactWidth(300), context)
            #expect(frames(layout) == [Rect(0, 0, 191, 20), Rect(191, 0, width, 20)], "scale \(context.scale)")
            #expect(layout.size == Size(300, 20))
        }
    }

    @Test func shrinkWeightsSizeTimesFactor() {
        // 150 in 120: 100:50 → −20, −10.
        let bySize = row([leaf("a", 100, 10) { $0.flexShrink = 1 }, leaf("b", 50, 10) { $0.flexShrink = 1 }])
        #expect(frames(measure(bySize, exactWidth(120))) == [Rect(0, 0, 80, 10), Rect(80, 0, 40, 10)])
        // 200 in 170, factors 2 and 1 on equal sizes: 2:1 → −20, −10.
        let byFactor = row([leaf("a", 100, 10) { $0.flexShrink = 2 }, leaf("b", 100, 10) { $0.flexShrink = 1 }])
        #expect(frames(measure(byFactor, exactWidth(170))) == [Rect(0, 0, 80, 10), Rect(80, 0, 90, 10)])
    }

    @Test func shrinkIgnoresTheChildsMinWidth() {
        // a wants 100 with minWidth 80; the exact stack range [50, 50] wins the intersection.
        let spec = row([leaf("a", 100, 20) { $0.flexShrink = 1; $0.minWidth = .points(80) }, node("b", 100, 20)])
        #expect(frames(measure(spec, exactWidth(150))) == [Rect(0, 0, 50, 20), Rect(50, 0, 100, 20)])
    }

    @Test func zeroSizeShrinkerAbsorbsNothingAndOverflowRemains() {
        // Σ scaled factors = 0 → no adjustment; b overflows the 50pt stack.
        let spec = row([leaf("a", 0, 20) { $0.flexShrink = 1 }, node("b", 100, 20)])
        let layout = measure(spec, exactWidth(50))
        #expect(frames(layout) == [Rect(0, 0, 0, 20), Rect(0, 0, 100, 20)])
        #expect(layout.size == Size(50, 20))
    }

    @Test func shrinkBelowZeroStopsAtZero() {
        // overflow 70 all on a (20 wide): target −50 → 0; b still overflows.
        let spec = row([leaf("a", 20, 20) { $0.flexShrink = 1 }, node("b", 100, 20)])
        #expect(frames(measure(spec, exactWidth(50))) == [Rect(0, 0, 0, 20), Rect(0, 0, 100, 20)])
    }

    @Test func defaultFlexShrinkIsZeroSoChildrenOverflow() {
        let spec = row([node("a", 100, 20), node("b", 100, 20)])
        let layout = measure(spec, exactWidth(150))
        #expect(frames(layout) == [Rect(0, 0, 100, 20), Rect(100, 0, 100, 20)])
        #expect(layout.size == Size(150, 20))
    }

    @Test func alignCenterWithFlexedMainDimension() {
        // Texture's snapshot: vertical, alignItems center, {150,0}-{150,100}; 100×100 and 50×50
        // both shrinking. 150 in 100: −50 shared 100:50 → heights 66.667 and 33.333;
        // S=1 67, 34; S=2 67 (133.3→134/2), 33.5; S=3 200/3, 100/3. Widths 100 and 50 centred
        // in the exact 150: x 25 and 50. The stack is clamped to 100 tall.
        let spec = StackLayoutSpec(direction: .vertical, alignItems: .center, children: [
            leaf("red", 100, 100) { $0.flexShrink = 1 }, leaf("blue", 50, 50) { $0.flexShrink = 1 },
        ])
        let expected: [(Double, Double)] = [(67, 34), (67, 33.5), (200.0 / 3, 100.0 / 3)]
        for (context, (red, blue)) in zip(scales, expected) {
            let layout = measure(spec, sizeRange(150, 0, 150, 100), context)
            #expect(frames(layout) == [Rect(25, 0, 100, red), Rect(50, red, 50, blue)], "scale \(context.scale)")
            #expect(layout.size == Size(150, 100))
        }
    }

    // MARK: - Basis

    @Test func pointsBasisPinsTheStackSizeOverTheChildsWidth() {
        let spec = row([leaf("a", 30, 20) { $0.flexBasis = .points(80) }, node("b", 10, 20)])
        let layout = measure(spec, .unconstrained)
        #expect(frames(layout) == [Rect(0, 0, 80, 20), Rect(80, 0, 10, 20)])
        #expect(layout.size == Size(90, 20))
    }

    @Test func fractionBasisResolvesAgainstTheExactStackWidth() {
        // 50% and 25% of 300.
        let spec = row([leaf("a", 40, 20) { $0.flexBasis = .fraction(0.5) },
                        leaf("b", 40, 20) { $0.flexBasis = .fraction(0.25) }])
        #expect(frames(measure(spec, exactWidth(300))) == [Rect(0, 0, 150, 20), Rect(150, 0, 75, 20)])
        // Basis first, then grow: 150 + 40 = 190 → a grows 110 → 260.
        let growing = row([leaf("a", 40, 20) { $0.flexBasis = .fraction(0.5); $0.flexGrow = 1 }, node("b", 40, 20)])
        #expect(frames(measure(growing, exactWidth(300))) == [Rect(0, 0, 260, 20), Rect(260, 0, 40, 20)])
    }

    // MARK: - Optimized flexing

    @Test func growAndShrinkChildInAnExactStackIsSizedByFlexing() {
        // The grow-and-shrink child is not measured first (placeholder 0): surplus 150 → 150.
        let spec = row([node("a", 50, 20), leaf("b", 30, 20) { $0.flexGrow = 1; $0.flexShrink = 1 }])
        #expect(frames(measure(spec, exactWidth(200))) == [Rect(0, 0, 50, 20), Rect(50, 0, 150, 20)])
    }

    @Test func placeholderThatNeverFlexesStaysZeroByZero() {
        // a overflows by 50 and shrinks; the placeholder's scaled factor is 0 × 1 = 0, so it is
        // never measured and keeps its 0 × 0 placeholder layout (note: height 0, not 20).
        let spec = row([leaf("a", 200, 20) { $0.flexShrink = 1 }, leaf("b", 30, 20) { $0.flexGrow = 1; $0.flexShrink = 1 }])
        #expect(frames(measure(spec, exactWidth(150))) == [Rect(0, 0, 150, 20), Rect(150, 0, 0, 0)])
    }

    @Test func placeholderIsMeasuredAtZeroWhenNothingFlexes() {
        // No violation → factor sum 0 → the placeholder is measured with stack range [0, 0].
        let spec = row([node("a", 200, 20), leaf("b", 30, 20) { $0.flexGrow = 1; $0.flexShrink = 1 }])
        #expect(frames(measure(spec, exactWidth(200))) == [Rect(0, 0, 200, 20), Rect(200, 0, 0, 20)])
    }

    @Test func withoutAnExactStackAxisEveryChildIsMeasuredFirst() {
        // {0}-{150}: a 200 and b 30 overflow by 80; scaled 100 and 15 → −69.565 and −10.435:
        // a 130.435, b 19.565, ceiled: S=1 131, 20; S=2 130.5, 20 (39.13→40/2); S=3 392/3, 59/3.
        let spec = row([leaf("a", 200, 20) { $0.flexShrink = 1 }, leaf("b", 30, 20) { $0.flexGrow = 1; $0.flexShrink = 1 }])
        let expected: [(Double, Double)] = [(131, 20), (130.5, 20), (392.0 / 3, 59.0 / 3)]
        for (context, (a, b)) in zip(scales, expected) {
            let layout = measure(spec, sizeRange(0, 0, 150, inf), context)
            #expect(frames(layout) == [Rect(0, 0, a, 20), Rect(a, 0, b, 20)], "scale \(context.scale)")
            #expect(layout.size == Size(150, 20))
        }
    }
}
