extension Layout {
    /// Flattening that keeps what each node laid out itself: like ``flattened(context:)``, the
    /// node layouts of the tree in depth-first pre-order at absolute positions snapped up to
    /// the pixel grid, with specs dissolved; unlike it, each node keeps its own sublayouts
    /// (its own flattened tree, relative to itself) instead of dropping them.
    ///
    /// A node that measures its spec this way at every level yields the whole node tree of a
    /// layout — what `photofeed layout compute` prints — while every size and position is the
    /// one Texture's flattening gives.
    public func flattenedKeepingNodeSublayouts(context: LayoutContext) -> Layout {
        var nodes: [Layout] = []
        nodes.reserveCapacity(sublayouts.count)
        Layout.collectNodeTrees(sublayouts, offset: .zero, scale: context.scale, into: &nodes)
        return Layout(element: element, isNode: isNode, exactSize: size, position: .zero, sublayouts: nodes)
    }

    private static func collectNodeTrees(_ layouts: [Layout], offset: Point, scale: Double,
                                         into nodes: inout [Layout]) {
        for layout in layouts {
            let absolute = offset + layout.position
            if layout.isNode {
                let position = PixelSnapping.ceil(absolute, scale: scale)
                nodes.append(Layout(element: layout.element, isNode: true, exactSize: layout.size, position: position,
                                    sublayouts: layout.sublayouts))
            } else {
                collectNodeTrees(layout.sublayouts, offset: absolute, scale: scale, into: &nodes)
            }
        }
    }
}
