import FeedModel
import LayoutCore
import LayoutDescription

extension CachedLayout {
    /// The cache's form of a cell's layout: the root size and every node sublayout in
    /// depth-first pre-order, each at its frame relative to its parent node (the root's
    /// sublayouts are already absolute after flattening), with the index of that parent.
    public init(_ layout: Layout) {
        var frames: [CachedFrame] = []
        frames.reserveCapacity(Self.count(layout.sublayouts))
        Self.append(layout.sublayouts, parent: -1, to: &frames)
        self.init(width: layout.size.width, height: layout.size.height, frames: frames)
    }

    /// How many layouts the trees of `layouts` hold: one allocation instead of a growth per doubling.
    private static func count(_ layouts: [Layout]) -> Int {
        layouts.reduce(layouts.count) { $0 + count($1.sublayouts) }
    }

    private static func append(_ layouts: [Layout], parent: Int32, to frames: inout [CachedFrame]) {
        for layout in layouts {
            let frame = layout.frame
            frames.append(CachedFrame(id: layout.element.rawValue, parent: parent, x: frame.minX, y: frame.minY,
                                      width: frame.size.width, height: frame.size.height))
            append(layout.sublayouts, parent: Int32(frames.count - 1), to: &frames)
        }
    }

    /// The layout tree back: a node layout of `element` whose sublayouts are the cached frames,
    /// nested by their parent indices. Sizes and positions are taken exactly as stored.
    public func layout(element: LayoutElementID = "photoCell") -> Layout {
        var children: [[Int]] = Array(repeating: [], count: frames.count)
        var roots: [Int] = []
        for (index, frame) in frames.enumerated() {
            let parent = Int(frame.parent)
            if parent >= 0, parent < index { children[parent].append(index) } else { roots.append(index) }
        }
        func build(_ index: Int) -> Layout {
            let frame = frames[index]
            return Layout(element: LayoutElementID(frame.id), isNode: true,
                          exactSize: Size(frame.width, frame.height), position: Point(frame.x, frame.y),
                          sublayouts: children[index].map(build))
        }
        return Layout(element: element, isNode: true, exactSize: Size(width, height), position: .zero,
                      sublayouts: roots.map(build))
    }

    /// The result line of the layout-description contract: `{"size":[w,h],"nodes":[…]}`. Frames
    /// that have children, and those of `nodesWithLayouts` (nodes that lay out subnodes of their
    /// own, even when they have none), list them under `nodes`; other leaves have no `nodes` key.
    public func resultLine(nodesWithLayouts: Set<LayoutElementID> = []) -> String {
        let parents = Set(frames.compactMap { $0.parent >= 0 ? LayoutElementID(frames[Int($0.parent)].id) : nil })
        return layout().resultLine(nodesWithLayouts: parents.union(nodesWithLayouts))
    }
}

extension CacheSizeRange {
    /// The cache key's form of a layout size range.
    public init(_ range: SizeRange) {
        self.init(minWidth: range.min.width, minHeight: range.min.height, maxWidth: range.max.width,
                  maxHeight: range.max.height)
    }

    /// The layout engine's size range.
    public var sizeRange: SizeRange {
        SizeRange(min: Size(minWidth, minHeight), max: Size(maxWidth, maxHeight))
    }
}
