import Testing
import LayoutCore
import NodeKit
import LayoutTestSupport
import NodeTestSupport

/// Texture's layout-engine fixtures F1, F2, F3 and F5's size (asserted cases §E): A is a host
/// whose spec is a horizontal stack, justify SpaceBetween, alignItems Start, measured exactly
/// {10, 1}. The caching scenarios of §E are covered with the node cache, not here.
@Suite struct StackLayoutSpecEngineFixtureTests {
    func stack(_ children: [DisplayNode]) -> StackLayoutSpec {
        StackLayoutSpec(direction: .horizontal, spacing: 0, justifyContent: .spaceBetween, alignItems: .start,
                        children: children)
    }

    let exact10x1 = SizeRange(exactly: Size(10, 1))
    /// What each leaf is asked first: stack range [0, ∞] (basis auto), cross [0, 1] (Start).
    let leafRange = sizeRange(0, 0, .infinity, 1)

    @Test func fixture1() {
        // 1 + 2 + 1 = 4 in 10: two gaps of 3 → B 0, C 4, D 9.
        let (b, c, d) = (node("B", 1, 1), node("C", 2, 1), node("D", 1, 1))
        let layout = measureHost(stack([b, c, d]), exact10x1)
        #expect(layout.size == Size(10, 1))
        #expect(frames(layout) == [Rect(0, 0, 1, 1), Rect(4, 0, 2, 1), Rect(9, 0, 1, 1)])
        for leaf in [b, c, d] {
            #expect(leaf.pendingLayout?.constrainedSize == leafRange)
            #expect(leaf.pendingLayout?.parentSize == Size(10, 1))
        }
    }

    @Test func fixture2() {
        // 1 + 4 + 1 = 6 in 10: two gaps of 2 → B 0, C 3, E 9.
        let (b, c, e) = (node("B", 1, 1), node("C", 4, 1), node("E", 1, 1))
        let layout = measureHost(stack([b, c, e]), exact10x1)
        #expect(layout.size == Size(10, 1))
        #expect(frames(layout) == [Rect(0, 0, 1, 1), Rect(3, 0, 4, 1), Rect(9, 0, 1, 1)])
        #expect(c.pendingLayout?.constrainedSize == leafRange)
        #expect(e.pendingLayout?.constrainedSize == leafRange)
    }

    @Test func fixture3() {
        // B wants 8 and shrinks: 8 + 2 + 1 = 11 in 10 → B re-measured with {7,0}-{7,1};
        // no room left, so SpaceBetween falls back to Start: B 0, C 7, D 9.
        let b = node("B", 8, 1).styled { $0.flexShrink = 1 }
        let (c, d) = (node("C", 2, 1), node("D", 1, 1))
        let layout = measureHost(stack([b, c, d]), exact10x1)
        #expect(layout.size == Size(10, 1))
        #expect(frames(layout) == [Rect(0, 0, 7, 1), Rect(7, 0, 2, 1), Rect(9, 0, 1, 1)])
        #expect(b.pendingLayout?.constrainedSize == sizeRange(7, 0, 7, 1))
        #expect(c.pendingLayout?.constrainedSize == leafRange)
        #expect(d.pendingLayout?.constrainedSize == leafRange)
    }

    @Test func fixture5Size() {
        let layout = measureHost(stack([node("B", 1, 1), node("C", 2, 1), node("D", 1, 1)]),
                                 SizeRange(exactly: Size(15, 1)))
        #expect(layout.size == Size(15, 1))
    }
}

/// A stand-in for a text node: it sets its style's ascender and descender when measured, as
/// Texture's text node does. No state of its own; the style it writes lives behind
/// `DisplayNode`'s lock, hence the restated `@unchecked Sendable`.
final class AscenderSettingNode: DisplayNode, @unchecked Sendable {
    override func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        styled {
            $0.ascender = 11
            $0.descender = -3
        }
        return Size(30, 14)
    }
}

@Suite struct StackLayoutSpecNodeBaselineTests {
    @Test func baselinesAreReadAfterMeasuring() {
        // The text's ascender is 0 until it is measured. Read afterwards: A = max(11, 16) = 16,
        // D = max(14 − 11, 20 − 16) = 4 → line 20, text at 16 − 11 = 5.
        let text = AscenderSettingNode(id: "text")
        let other = node("x", 20, 20).styled { $0.ascender = 16; $0.descender = -4 }
        let spec = StackLayoutSpec(direction: .horizontal, alignItems: .baselineFirst, children: [text, other])
        let layout = measureHost(spec, .unconstrained)
        #expect(frames(layout) == [Rect(0, 5, 30, 14), Rect(30, 0, 20, 20)])
        #expect(layout.size == Size(50, 20))
    }

    @Test func optimizedFlexingPlaceholderIsNeverMeasured() {
        // a shrinks to absorb the overflow; b (grow and shrink) keeps its 0 × 0 placeholder.
        let a = node("a", 200, 20).styled { $0.flexShrink = 1 }
        let b = node("b", 30, 20).styled { $0.flexGrow = 1; $0.flexShrink = 1 }
        let spec = StackLayoutSpec(direction: .horizontal, alignItems: .start, children: [a, b])
        let layout = measureHost(spec, sizeRange(150, 0, 150, .infinity))
        #expect(frames(layout) == [Rect(0, 0, 150, 20), Rect(150, 0, 0, 0)])
        #expect(b.pendingLayout == nil)
        #expect(a.pendingLayout?.constrainedSize == sizeRange(150, 0, 150, .infinity))
    }
}
