import Testing
import LayoutCore
import LayoutTestSupport
import NodeTestSupport

/// Seeded random stacks of fixed leaves, checked against properties every stack must keep.
@Suite struct StackLayoutSpecPropertyTests {
    /// A leaf as plain values, so the same stack can be built again with fresh nodes.
    struct LeafDescription {
        var width: Double
        var height: Double
        var style = LayoutStyle()
    }

    /// A stack and the range it is measured in, as plain values.
    struct StackDescription {
        var direction: StackDirection
        var spacing: Double
        var justify: StackJustifyContent
        var alignItems: StackAlignItems
        var wrap: StackFlexWrap
        var alignContent: StackAlignContent
        var lineSpacing: Double
        var leaves: [LeafDescription]
        var range: SizeRange

        func build() -> StackLayoutSpec {
            let children: [any LayoutElement] = leaves.enumerated().map { index, leaf in
                let style = leaf.style
                return node(LayoutElementID("l\(index)"), leaf.width, leaf.height).styled { current in
                    let size = current.preferredSize
                    current = style
                    current.preferredSize = size
                }
            }
            return StackLayoutSpec(direction: direction, spacing: spacing, justifyContent: justify,
                                   alignItems: alignItems, flexWrap: wrap, alignContent: alignContent,
                                   lineSpacing: lineSpacing, children: children)
        }

        /// The same stack turned by 90°: direction, leaf sizes and range swapped.
        func transposed() -> StackDescription {
            var copy = self
            copy.direction = direction == .horizontal ? .vertical : .horizontal
            copy.leaves = leaves.map { LeafDescription(width: $0.height, height: $0.width, style: $0.style) }
            copy.range = SizeRange(min: Size(range.min.height, range.min.width),
                                   max: Size(range.max.height, range.max.width))
            return copy
        }
    }

    /// Pixel-aligned (S = 2) random stacks; `shrink` and `wrap` can be turned off.
    static func randomStack(_ random: inout SeededRandom, shrink: Bool = true, wrap: Bool = true,
                            fractionBasis: Bool = true) -> StackDescription {
        let leaves = (0..<random.int(in: 0...7)).map { _ in
            var leaf = LeafDescription(width: random.double(in: 0...120, step: 0.5),
                                       height: random.double(in: 0...80, step: 0.5))
            if random.bool(0.4) { leaf.style.flexGrow = Double(random.int(in: 1...3)) }
            if shrink && random.bool(0.4) { leaf.style.flexShrink = Double(random.int(in: 1...3)) }
            if random.bool(0.2) { leaf.style.flexBasis = .points(random.double(in: 0...100, step: 0.5)) }
            if fractionBasis && random.bool(0.1) { leaf.style.flexBasis = .fraction(random.double(in: 0...1, step: 0.25)) }
            if random.bool(0.3) { leaf.style.alignSelf = random.pick(AlignSelf.allCases) }
            if random.bool(0.2) { leaf.style.spacingBefore = random.double(in: 0...10, step: 0.5) }
            if random.bool(0.2) { leaf.style.spacingAfter = random.double(in: 0...10, step: 0.5) }
            leaf.style.ascender = random.double(in: 0...leaf.height, step: 0.5)
            leaf.style.descender = -random.double(in: 0...(leaf.height - leaf.style.ascender), step: 0.5)
            return leaf
        }
        func bounds(_ limit: Int) -> (Double, Double) {
            let low = Double(random.int(in: 0...limit))
            if random.bool(0.3) { return (low, .infinity) }
            if random.bool(0.3) { return (low, low) }
            return (low, low + Double(random.int(in: 0...limit)))
        }
        let (minWidth, maxWidth) = bounds(300)
        let (minHeight, maxHeight) = bounds(200)
        return StackDescription(
            direction: random.pick(StackDirection.allCases), spacing: random.double(in: 0...12, step: 0.5),
            justify: random.pick(StackJustifyContent.allCases), alignItems: random.pick(StackAlignItems.allCases),
            wrap: wrap && random.bool(0.4) ? .wrap : .noWrap, alignContent: random.pick(StackAlignContent.allCases),
            lineSpacing: random.double(in: 0...8, step: 0.5), leaves: leaves,
            range: SizeRange(min: Size(minWidth, minHeight), max: Size(maxWidth, maxHeight)))
    }

    @Test func sizeLiesWithinTheRangeAndEveryChildIsPlaced() {
        var random = SeededRandom(seed: 0x57AC_0001)
        for round in 0..<400 {
            let description = Self.randomStack(&random)
            let spec = description.build()
            let range = description.range
            let layout = spec.layoutThatFits(range, context: .scale2)
            #expect(layout.size.width >= range.min.width && layout.size.width <= range.max.width, "round \(round)")
            #expect(layout.size.height >= range.min.height && layout.size.height <= range.max.height, "round \(round)")
            #expect(layout.sublayouts.count == description.leaves.count)
            #expect(layout.sublayouts.allSatisfy { $0.position.x.isFinite && $0.position.y.isFinite })
        }
    }

    @Test func sameInputGivesTheSameOutput() {
        var random = SeededRandom(seed: 0x57AC_0002)
        for round in 0..<200 {
            let description = Self.randomStack(&random)
            let context = scales[round % 3]
            // Fresh nodes each time, so no cache is involved.
            let first = measure(description.build(), description.range, context)
            let second = measure(description.build(), description.range, context)
            #expect(first == second, "round \(round)")
        }
    }

    @Test func widerMaxNeverGivesANarrowerStackWithoutShrinkOrWrap() {
        var random = SeededRandom(seed: 0x57AC_0003)
        for round in 0..<300 {
            var description = Self.randomStack(&random, shrink: false, wrap: false, fractionBasis: false)
            description.direction = .horizontal
            let narrow = description.build().layoutThatFits(description.range, context: .scale2)
            var wider = description.range
            wider.max.width += Double(random.int(in: 1...200))
            let wide = description.build().layoutThatFits(wider, context: .scale2)
            #expect(wide.size.width >= narrow.size.width, "round \(round)")
        }
    }

    @Test func verticalStackIsTheTransposedHorizontalOne() {
        var random = SeededRandom(seed: 0x57AC_0004)
        for round in 0..<300 {
            let description = Self.randomStack(&random)
            let context = scales[round % 3]
            let layout = measure(description.build(), description.range, context)
            let turned = measure(description.transposed().build(), description.transposed().range, context)
            #expect(turned.size == Size(layout.size.height, layout.size.width), "round \(round)")
            #expect(frames(turned) == frames(layout).map { Rect($0.minY, $0.minX, $0.size.height, $0.size.width) },
                    "round \(round)")
        }
    }
}
