import LayoutCore
import NodeKit
import Testing
import LayoutTestSupport
import NodeTestSupport

/// ASDKgram's photo cell (texture-docs/automatic-subnode-management.md) written with the DSL:
/// a header stack (avatar in an inset, the name/location column with flexShrink, a flexGrow
/// spacer) in an inset, the photo at 1:1 and the comments in an inset, stacked vertically.
@Suite struct PhotoCellLayoutTests {
    /// ASDKgram's constants.
    static let userImageHeight = 30.0, horizontalBuffer = 10.0, verticalBuffer = 5.0

    struct Cell {
        let avatar = plainNode("avatar")
        let userName = node("userName", 80, 16)
        let location: DisplayNode?
        let photo = plainNode("photo")
        let comments = node("comments", 150, 40)

        init(hasLocation: Bool) {
            location = hasLocation ? node("location", 200, 14) : nil
        }

        func layoutSpec() -> StackLayoutSpec {
            let b = PhotoCellLayoutTests.horizontalBuffer, v = PhotoCellLayoutTests.verticalBuffer
            let side = PhotoCellLayoutTests.userImageHeight
            return StackLayoutSpec.vertical(alignItems: .stretch) {
                StackLayoutSpec.horizontal(justifyContent: .start, alignItems: .center) {
                    avatar.preferredSize(width: side, height: side)
                        .padding(EdgeInsets(top: b, left: 0, bottom: b, right: b))
                    StackLayoutSpec.vertical {
                        userName
                        location
                    }
                    .flexShrink(1)
                    SpacerLayoutSpec().flexGrow(1)
                }
                .padding(EdgeInsets(top: 0, left: b, bottom: 0, right: b))
                photo.ratio(1)
                comments.padding(EdgeInsets(top: v, left: b, bottom: v, right: b))
            }
        }
    }

    @Test func specTreeHasTheCellsShape() throws {
        let spec = Cell(hasLocation: true).layoutSpec()
        #expect(spec.direction == .vertical && spec.alignItems == .stretch)
        #expect(spec.children.count == 3)
        let headerInset = try #require(spec.children[0] as? InsetLayoutSpec)
        #expect(headerInset.insets == EdgeInsets(top: 0, left: 10, bottom: 0, right: 10))
        let header = try #require(headerInset.child as? StackLayoutSpec)
        #expect(header.direction == .horizontal && header.alignItems == .center)
        #expect(header.children.count == 3)
        #expect(header.children[0] is InsetLayoutSpec)
        let names = try #require(header.children[1] as? StackLayoutSpec)
        #expect(names.direction == .vertical && names.style.flexShrink == 1 && names.children.count == 2)
        #expect((header.children[2] as? SpacerLayoutSpec)?.style.flexGrow == 1)
        #expect((spec.children[1] as? RatioLayoutSpec)?.ratio == 1)
        #expect(spec.children[2] is InsetLayoutSpec)

        let withoutLocation = try #require(Cell(hasLocation: false).layoutSpec().children[0] as? InsetLayoutSpec)
        let names2 = try #require((withoutLocation.child as? StackLayoutSpec)?.children[1] as? StackLayoutSpec)
        #expect(names2.children.count == 1)
    }

    @Test func framesWithLocation() {
        // Width exactly 320 (scale 2). Header: the row gets 300 (inset 10 + 10). Avatar inset
        // 40 × 50 (30 + right 10, 30 + 10 + 10); names column 200 × 30 (widest child, 16 + 14);
        // spacer grows by floor(300 − 240) = 60; the line is 50 high, so the column is centred
        // at floorPixel((50 − 30) / 2) = 10. Header 320 × 50. Photo: ratio 1 of 320 → 320 × 320
        // at y 50. Footer: comments stretched to 300 (min 300 beats its 150 style), 40 high,
        // inset (10, 5) at y 370. Cell 320 × 420.
        let cell = Cell(hasLocation: true)
        let layout = measureHost(cell.layoutSpec(), sizeRange(320, 0, 320, .infinity))
        #expect(layout.size == Size(320, 420))
        #expect(layout.sublayouts.map(\.element) == ["avatar", "userName", "location", "photo", "comments"])
        #expect(framesByID(layout) == [
            "avatar": Rect(10, 10, 30, 30),
            "userName": Rect(50, 10, 80, 16),
            "location": Rect(50, 26, 200, 14),
            "photo": Rect(0, 50, 320, 320),
            "comments": Rect(10, 375, 300, 40),
        ])
    }

    @Test func framesWithoutLocationRecentreTheName() {
        // The column is now 80 × 16: centred at floorPixel((50 − 16) / 2) = 17; the rest is as
        // above (the spacer takes 180 instead of 60).
        let cell = Cell(hasLocation: false)
        let layout = measureHost(cell.layoutSpec(), sizeRange(320, 0, 320, .infinity))
        #expect(layout.size == Size(320, 420))
        #expect(framesByID(layout) == [
            "avatar": Rect(10, 10, 30, 30),
            "userName": Rect(50, 17, 80, 16),
            "photo": Rect(0, 50, 320, 320),
            "comments": Rect(10, 375, 300, 40),
        ])
    }

    @Test func dslAndTextureStyleConstructionGiveTheSameLayout() {
        // The same cell built the Texture way, with initializers and style writes.
        let cell = Cell(hasLocation: true)
        let dsl = measureHost(cell.layoutSpec(), sizeRange(320, 0, 320, .infinity))

        var names = StackLayoutSpec.vertical(children: [cell.userName, cell.location!])
        names.style.flexShrink = 1
        var spacer = SpacerLayoutSpec()
        spacer.style.flexGrow = 1
        cell.avatar.style.preferredSize = Size(30, 30)
        let avatarInset = InsetLayoutSpec(insets: EdgeInsets(top: 10, left: 0, bottom: 10, right: 10),
                                          child: cell.avatar)
        let header = StackLayoutSpec.horizontal(justifyContent: .start, alignItems: .center,
                                                children: [avatarInset, names, spacer])
        let spec = StackLayoutSpec.vertical(alignItems: .stretch, children: [
            InsetLayoutSpec(insets: EdgeInsets(top: 0, left: 10, bottom: 0, right: 10), child: header),
            RatioLayoutSpec(ratio: 1, child: cell.photo),
            InsetLayoutSpec(insets: EdgeInsets(top: 5, left: 10, bottom: 5, right: 10), child: cell.comments),
        ])
        #expect(measureHost(spec, sizeRange(320, 0, 320, .infinity)) == dsl)
    }
}
