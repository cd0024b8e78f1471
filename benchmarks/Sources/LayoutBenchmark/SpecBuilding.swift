import LayoutCore
import NodeKit
import PhotoFeed

/// Building the photo cell's spec (which a cell rebuilds at every layout pass) two ways over the
/// same nodes: the product's, written with the DSL (builder closures, `padding`, `ratio`,
/// `flexShrink`), and the same tree from the specs' initializers and arrays, which ``measure``
/// first checks lays out identically to the product's. Only building is timed (the spec is
/// dropped right after), so the ratio is what the DSL adds.
enum SpecBuilding {
    private static let avatar = DisplayNode(id: "avatar"), userName = DisplayNode(id: "userName")
    private static let location = DisplayNode(id: "location"), time = DisplayNode(id: "time")
    private static let photo = DisplayNode(id: "photo"), likes = DisplayNode(id: "likes")
    private static let details = DisplayNode(id: "description"), comments = DisplayNode(id: "comments")
    private static let h = PhotoCellNode.horizontalBuffer, v = PhotoCellNode.verticalBuffer

    /// The product cell's spec (built with the DSL); `variant` toggles the optional location and comments.
    @inline(never)
    static func withDSL(_ variant: Int) -> any LayoutElement {
        let hasLocation = variant & 1 == 0, hasComments = variant & 2 == 0
        return PhotoCellNode.layoutSpec(avatar: avatar, userName: userName, location: hasLocation ? location : nil,
                                        time: time, photo: photo, photoRatio: 1, likes: likes, description: details,
                                        comments: hasComments ? comments : nil)
    }

    /// The same spec with initializers and arrays.
    @inline(never)
    static func withInitializers(_ variant: Int) -> any LayoutElement {
        let hasLocation = variant & 1 == 0, hasComments = variant & 2 == 0
        var names = StackLayoutSpec.vertical(children: hasLocation ? [userName, location] : [userName])
        names.style.flexShrink = 1
        var spacer = SpacerLayoutSpec()
        spacer.style.flexGrow = 1
        let header = StackLayoutSpec.horizontal(justifyContent: .start, alignItems: .center, children: [
            InsetLayoutSpec(insets: EdgeInsets(top: h, left: 0, bottom: h, right: h), child: avatar), names, spacer,
            time,
        ])
        let footer = StackLayoutSpec.vertical(spacing: v, children: hasComments ? [likes, details, comments]
                                                                                 : [likes, details])
        return StackLayoutSpec.vertical(alignItems: .stretch, children: [
            InsetLayoutSpec(insets: EdgeInsets(top: 0, left: h, bottom: 0, right: h), child: header),
            RatioLayoutSpec(ratio: 1, child: photo),
            InsetLayoutSpec(insets: EdgeInsets(top: v, left: h, bottom: v, right: h), child: footer),
        ])
    }

    /// Median thread-CPU nanoseconds per spec of each way, over interleaved batches.
    static func measure(rounds: Int, batch: Int = 2_000) -> (dsl: Double, initializers: Double) {
        precondition(describe(withDSL(0)) == describe(withInitializers(0))
                     && describe(withDSL(3)) == describe(withInitializers(3)), "the two specs differ")
        var dsl: [Double] = [], initializers: [Double] = []
        for _ in 0..<rounds {
            dsl.append(time(batch, withDSL))
            initializers.append(time(batch, withInitializers))
        }
        return (median(dsl), median(initializers))
    }

    private static func time(_ batch: Int, _ build: (Int) -> any LayoutElement) -> Double {
        let start = Stopwatch.nanoseconds()
        var stacks = 0
        for index in 0..<batch where build(index) is StackLayoutSpec { stacks += 1 }
        precondition(stacks == batch)
        return Double(Stopwatch.nanoseconds() - start) / Double(batch)
    }

    private static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    /// The spec's layout at 375 pt, as text: equal strings mean the two ways built the same spec.
    private static func describe(_ spec: any LayoutElement) -> String {
        String(describing: spec.layoutThatFits(SizeRange(min: Size(375, 0), max: Size(375, .infinity)),
                                               context: LayoutContext(scale: 2)))
    }
}
