import LayoutCore
import NodeKit
import Testing
import LayoutTestSupport
import NodeTestSupport

/// The DSL: builder control flow, spec modifiers and style modifiers (house style rule 5).
@Suite struct LayoutSpecBuilderTests {
    private func ids(_ layout: Layout) -> [String] {
        layout.sublayouts.map(\.element.rawValue)
    }

    @Test func builderFlattensControlFlowOptionalsLoopsAndArrays() {
        // Given
        let missing: DisplayNode? = nil
        let present: DisplayNode? = node("present", 1, 1)
        let showB = true
        let showD = false
        // When
        let spec = WrapperLayoutSpec {
            node("a", 1, 1)
            if showB { node("b", 1, 1) }
            if showD { node("d", 1, 1) } else { node("e", 1, 1) }
            missing
            present
            for index in 0 ..< 3 { node(LayoutElementID("loop\(index)"), 1, 1) }
            [node("x", 1, 1), node("y", 1, 1)] as [any LayoutElement]
            if let present { present.padding(0) }
        }
        // Then
        #expect(spec.children.count == 10)
        let layout = measureHost(spec, sizeRange(0, 0, 10, 10))
        #expect(ids(layout) == ["a", "b", "e", "present", "loop0", "loop1", "loop2", "x", "y", "present"])
    }

    @Test func emptyBlockBuildsNoChildren() {
        let spec = AbsoluteLayoutSpec(sizing: .sizeToFit) {}
        #expect(spec.children.isEmpty)
        #expect(spec.sizing == .sizeToFit)
    }

    @Test func paddingWrapsInAnInsetSpec() {
        let avatar = node("avatar", 30, 30)
        let uniform = avatar.padding(8)
        #expect(uniform.insets == EdgeInsets(all: 8))
        #expect((uniform.child as? DisplayNode) === avatar)
        let edges = avatar.padding(EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(measureHost(edges, sizeRange(0, 0, 100, 100)).frame(for: "avatar") == Rect(2, 1, 30, 30))
    }

    @Test func backgroundAndOverlayLayerTheirBlocks() {
        // background { bg } under, overlay { a; b } → a wrapper of both, over.
        let spec = node("label", 40, 20)
            .background { plainNode("bg") }
            .overlay {
                plainNode("glow")
                plainNode("border")
            }
        #expect(spec.overlay is WrapperLayoutSpec)
        let layout = measureHost(spec, sizeRange(0, 0, 100, 100))
        #expect(ids(layout) == ["bg", "label", "glow", "border"])
        #expect(Set(frames(layout)) == [Rect(0, 0, 40, 20)])
    }

    @Test func centeredRatioRelativeAndCornerModifiers() {
        let centred = node("a", 20, 10).centered()
        #expect(centred.centeringOptions == .xy)
        #expect(measureHost(centred, sizeRange(0, 0, 100, 50)).frame(for: "a") == Rect(40, 20, 20, 10))

        let ratio = plainNode("photo").ratio(0.75)
        #expect(ratio.ratio == 0.75)
        #expect(measureHost(ratio, sizeRange(0, 0, 200, 400)).frame(for: "photo") == Rect(0, 0, 200, 150))

        let pinned = node("b", 20, 10).relative(horizontal: .end, vertical: .start, sizing: .minimumHeight)
        #expect(measureHost(pinned, sizeRange(0, 0, 100, 50)).size == Size(100, 10))

        let badged = node("avatar", 40, 40).corner(.topRight, offset: Point(-2, 2)) { node("badge", 10, 10) }
        #expect(badged.location == .topRight && !badged.wrapsCorner)
        #expect(measureHost(badged, sizeRange(0, 0, 100, 100)).frame(for: "badge") == Rect(33, -3, 10, 10))
    }

    @Test func styleModifiersOnSpecsReturnModifiedCopies() {
        let spacer = SpacerLayoutSpec()
        let grown = spacer.flexGrow(1).flexShrink(2).spacingBefore(3).spacingAfter(4)
            .alignSelf(.center).flexBasis(.fraction(0.5))
        #expect(spacer.style == LayoutStyle())
        #expect(grown.style.flexGrow == 1 && grown.style.flexShrink == 2)
        #expect(grown.style.spacingBefore == 3 && grown.style.spacingAfter == 4)
        #expect(grown.style.alignSelf == .center && grown.style.flexBasis == .fraction(0.5))

        let sized = SpacerLayoutSpec().width(20).height(.fraction(1)).minSize(Size(1, 2)).maxSize(Size(30, 40))
        #expect(sized.style.width == .points(20) && sized.style.height == .fraction(1))
        #expect(sized.style.minWidth == .points(1) && sized.style.maxHeight == .points(40))
        let styled = sized.styled { $0.layoutPosition = Point(5, 6) }
        #expect(styled.style.layoutPosition == Point(5, 6))
        #expect(sized.style.layoutPosition == .zero)
    }

    @Test func styleModifiersOnNodesChangeAndReturnTheSameNode() {
        // STY-06 through the DSL: Texture's `styled` mutates the node and returns it.
        let photo = plainNode("photo")
        let returned = photo.preferredSize(width: 50, height: 60).flexGrow(1).layoutPosition(x: 3, y: 4)
        #expect(returned === photo)
        #expect(photo.style.preferredSize == Size(50, 60))
        #expect(photo.style.flexGrow == 1)
        #expect(photo.style.layoutPosition == Point(3, 4))
    }

    @Test func stackBuilderFormsMatchTheArrayForms() {
        let a = node("a", 10, 10), b = node("b", 20, 20)
        let built = StackLayoutSpec.vertical(spacing: 8, alignItems: .center) { a; b }
        let plain = StackLayoutSpec.vertical(spacing: 8, alignItems: .center, children: [a, b])
        #expect(built.direction == .vertical && built.spacing == 8 && built.alignItems == .center)
        #expect(built.children.count == 2)
        let range = sizeRange(0, 0, 100, 100)
        #expect(measureHost(built, range) == measureHost(plain, range))
        let row = StackLayoutSpec(direction: .horizontal, flexWrap: .wrap) { a; b }
        #expect(row.flexWrap == .wrap && row.children.count == 2)
    }
}
