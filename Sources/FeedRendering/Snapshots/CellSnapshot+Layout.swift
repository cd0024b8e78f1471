import LayoutCore

extension CellSnapshot {
    /// Builds the snapshot of a cell from its layout: every node layout becomes a ``NodeSnapshot``
    /// at its absolute frame, in the flattened order, with the content `content` returns for its
    /// id (`nil` means ``NodeContent/box``).
    ///
    /// `layout` is normally the cell's flattened layout (sublayouts are leaf node layouts at
    /// absolute positions) and is used as is; a layout that is not flat yet is flattened first at
    /// `scale`, which snaps the node positions to that pixel grid as Texture does (a scale that
    /// is not positive and finite counts as 1).
    public init(photoID: Int64, layout: Layout, scale: Double = 1, content: (String) -> NodeContent?) {
        let context = LayoutContext(scale: scale > 0 && scale.isFinite ? scale : 1)
        let flat = layout.isFlat ? layout : layout.flattened(context: context)
        let nodes = flat.sublayouts.map { node in
            let id = node.element.rawValue
            return NodeSnapshot(id: id, frame: node.frame, content: content(id) ?? .box)
        }
        self.init(photoID: photoID, size: flat.size, nodes: nodes)
    }

    /// Builds the snapshot of a cell from its layout and a table of node contents by id.
    public init(photoID: Int64, layout: Layout, scale: Double = 1, contents: [String: NodeContent]) {
        self.init(photoID: photoID, layout: layout, scale: scale) { contents[$0] }
    }
}
