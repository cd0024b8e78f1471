import LayoutCore
import Testing
import LayoutTestSupport

/// Texture's `ASLayoutFlatteningTests` (asserted cases FLAT-01…05) on hand-built layouts.
/// Layouts are values: "the same object" is an equal value returned unchanged, and Texture's
/// null root position is our zero position.
@Suite struct LayoutFlatteningTests {
    private static let side = Size(100, 100)

    private func n(_ id: LayoutElementID, at position: Point = .zero, _ sublayouts: [Layout] = []) -> Layout {
        Layout(element: id, isNode: true, exactSize: Self.side, position: position, sublayouts: sublayouts)
    }

    private func s(at position: Point = .zero, _ sublayouts: [Layout] = []) -> Layout {
        Layout(element: "spec", isNode: false, exactSize: Self.side, position: position, sublayouts: sublayouts)
    }

    private func root(at position: Point = .zero, _ sublayouts: [Layout]) -> Layout {
        Layout(element: "root", isNode: true, exactSize: Size(1000, 1000), position: position, sublayouts: sublayouts)
    }

    @Test func flat01NestedSpecsDissolveAndNodeSubtreesAreDropped() {
        // root[ N1[ I ], S[ N2, S[ S, N3 ], S ], S[ N4[ I, I[ I ] ] ], N5 ]
        let original = root([
            n("N1", [n("I1")]),
            s([n("N2"), s([s(), n("N3")]), s()]),
            s([n("N4", [n("I2"), n("I3", [n("I4")])])]),
            n("N5"),
        ])
        let flat = original.flattened(context: .scale2)
        #expect(flat.element == "root")
        #expect(flat.position == .zero)
        #expect(flat.size == Size(1000, 1000))
        #expect(flat.sublayouts.map(\.element) == ["N1", "N2", "N3", "N4", "N5"])
        #expect(flat.sublayouts.allSatisfy { $0.sublayouts.isEmpty && $0.isNode })
    }

    @Test func flat02PositionedRootIsReplaced() {
        let original = root(at: Point(10, 10), [])
        let flat = original.flattened(context: .scale2)
        #expect(flat != original)
        #expect(flat.position == .zero)
        #expect(flat.element == original.element)
    }

    @Test func flat03UnpositionedLeafRootIsReturnedUnchanged() {
        let original = root([])
        #expect(original.flattened(context: .scale2) == original)
        #expect(original.isFlat)
    }

    @Test func flat04AlreadyFlatLayoutIsReturnedUnchanged() {
        let original = root([n("a", at: Point(10, 10)), n("b", at: Point(20, 20)), n("c", at: Point(30, 30))])
        #expect(original.isFlat)
        #expect(original.flattened(context: .scale2) == original)
    }

    @Test func flat05MixedTreeReusesPlacedLeavesAndRecreatesTheRest() {
        // root [ R1=N@(0,0), S@(0,0)[ R2=N@(0,0), R3=N@(0,0) ], N[ S ], N[ I ], N@(10,10),
        //        S@(20,20)[ N@(0,0), N@(0,0) ] ]
        let r1 = n("R1"), r2 = n("R2"), r3 = n("R3"), placed = n("P", at: Point(10, 10))
        let original = root([
            r1,
            s([r2, r3]),
            n("NS", [s()]),
            n("NI", [n("I")]),
            placed,
            s(at: Point(20, 20), [n("D1"), n("D2")]),
        ])
        let flat = original.flattened(context: .scale2)
        #expect(flat != original)
        #expect(flat.element == "root")
        #expect(flat.position == .zero)
        // The reference lists "7 direct nodes"; the tree as listed holds 8 (R1, R2, R3, N[S],
        // N[I], N@(10,10) and the two under S@(20,20)), and that is what flattening yields.
        #expect(flat.sublayouts.map(\.element) == ["R1", "R2", "R3", "NS", "NI", "P", "D1", "D2"])
        // Reused unchanged: leaves already at their absolute, snapped position.
        #expect(flat.sublayouts[0] == r1)
        #expect(flat.sublayouts[1] == r2)
        #expect(flat.sublayouts[2] == r3)
        #expect(flat.sublayouts[5] == placed)
        // Re-created: nodes with sublayouts lose them; nodes under the offset spec move.
        #expect(flat.sublayouts[3] == n("NS"))
        #expect(flat.sublayouts[4] == n("NI"))
        #expect(flat.sublayouts[6] == n("D1", at: Point(20, 20)))
        #expect(flat.sublayouts[7] == n("D2", at: Point(20, 20)))
        #expect(flat.sublayouts.allSatisfy { $0.sublayouts.isEmpty })
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func absolutePositionsAreCeiledToThePixelGrid(scale: Double) {
        // S@(0.2, 0)[ N@(0.2, −0.2) ] → absolute (0.4, −0.2): 1x → (1, 0); 2x → (0.5, 0);
        // 3x → (2 px, 0 px) = (0.667, 0).
        let original = root([s(at: Point(0.2, 0), [n("a", at: Point(0.2, -0.2))])])
        let flat = original.flattened(context: LayoutContext(scale: scale))
        let expected: [Double: Point] = [1: Point(1, 0), 2: Point(0.5, 0), 3: Point(2.0 / 3, 0)]
        #expect(flat.sublayouts.map(\.position) == [expected[scale]!])
    }

    /// A node whose spec returned `layout`: flattening it as the node's only sublayout without
    /// building the wrapper gives exactly what flattening the wrapper gives.
    @Test(arguments: [1.0, 2.0, 3.0])
    func flatteningAsTheSublayoutOfANodeEqualsFlatteningTheWrapper(scale: Double) {
        let context = LayoutContext(scale: scale)
        let roots = [
            s(at: Point(3, 4), [n("N1", at: Point(0.2, 0.3)), s(at: Point(1.1, 0), [n("N2", [n("I")])]), s()]),
            s([]),
            n("child", at: Point(5, 5), [n("I")]),
            n("leaf", at: Point(0.25, 0)),
            n("placed"),
        ]
        for layout in roots {
            let wrapper = Layout(element: "cell", isNode: true, exactSize: layout.size, position: .zero,
                                 sublayouts: [layout.positioned(at: .zero)])
            #expect(layout.flattened(asSublayoutOf: "cell", context: context) == wrapper.flattened(context: context))
        }
        let flat = roots[0].flattened(asSublayoutOf: "cell", context: .scale2)
        #expect(flat.sublayouts.map(\.element) == ["N1", "N2"])
        #expect(flat.sublayouts.map(\.position) == [Point(0.5, 0.5), Point(1.5, 0)])
    }
}
