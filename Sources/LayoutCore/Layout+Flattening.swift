extension Layout {
    /// Texture's `filteredNodeLayoutTree` (semantics §4.2): a layout for the same element and
    /// size whose sublayouts are exactly the node layouts of the tree, in depth-first pre-order,
    /// each at its absolute position (snapped up to the pixel grid) and with no sublayouts of
    /// its own. Specs dissolve; a node's own subtree belongs to that node and is dropped.
    ///
    /// A layout that is already flat (at the origin, every sublayout a leaf node layout) is
    /// returned unchanged.
    public func flattened(context: LayoutContext) -> Layout {
        if isFlat { return self }
        return Layout(element: element, isNode: isNode, exactSize: size, position: .zero,
                      sublayouts: Layout.nodeLayouts(in: sublayouts, scale: context.scale))
    }

    /// The flattened layout of node `element` whose spec laid out this layout:
    /// ``flattened(context:)`` of a node layout for `element`, as large as this one, holding it
    /// at the origin as its only sublayout, without building that wrapper.
    public func flattened(asSublayoutOf element: LayoutElementID, context: LayoutContext) -> Layout {
        let nodes = isNode
            ? [Layout(element: self.element, isNode: true, exactSize: size, position: .zero, sublayouts: [])]
            : Layout.nodeLayouts(in: sublayouts, scale: context.scale)
        return Layout(element: element, isNode: true, exactSize: size, position: .zero, sublayouts: nodes)
    }

    /// Root at the origin and every sublayout a node layout without sublayouts.
    public var isFlat: Bool {
        position == .zero && sublayouts.allSatisfy { $0.isNode && $0.sublayouts.isEmpty }
    }

    /// The node layouts of `layouts` (a layout's sublayouts, at the origin) in depth-first
    /// pre-order, at their absolute snapped positions and without sublayouts.
    private static func nodeLayouts(in layouts: [Layout], scale: Double) -> [Layout] {
        var nodes: [Layout] = []
        nodes.reserveCapacity(countNodes(layouts))
        collectNodes(layouts, offset: .zero, scale: scale, into: &nodes)
        return nodes
    }

    /// How many node layouts ``collectNodes(_:offset:scale:into:)`` will collect, so the result
    /// is allocated once.
    ///
    /// Both walks read the layouts in place by index: binding each to a local (as `for … in`
    /// does) would copy it, retaining and releasing its id and its sublayout array.
    private static func countNodes(_ layouts: [Layout]) -> Int {
        var count = 0
        for index in layouts.indices {
            count += layouts[index].isNode ? 1 : countNodes(layouts[index].sublayouts)
        }
        return count
    }

    private static func collectNodes(_ layouts: [Layout], offset: Point, scale: Double, into nodes: inout [Layout]) {
        for index in layouts.indices {
            let position = layouts[index].position
            let absolute = offset + position
            if layouts[index].isNode {
                let snapped = PixelSnapping.ceil(absolute, scale: scale)
                if layouts[index].sublayouts.isEmpty && position == snapped {
                    nodes.append(layouts[index])
                } else {
                    nodes.append(Layout(element: layouts[index].element, isNode: true, exactSize: layouts[index].size,
                                        position: snapped, sublayouts: []))
                }
            } else {
                collectNodes(layouts[index].sublayouts, offset: absolute, scale: scale, into: &nodes)
            }
        }
    }
}
