import LayoutCore

extension Layout {
    /// The result line of `docs/layout-description.md`:
    /// `{"size":[w,h],"nodes":[{"id":"R","frame":[x,y,w,h]},{"id":"B","frame":[…],"nodes":[…]}]}`.
    ///
    /// `self` is a node's layout whose sublayouts are node layouts (see
    /// ``flattenedKeepingNodeSublayouts(context:)``); frames are `[x, y, w, h]` relative to the
    /// parent node. A node whose id is in `nodesWithLayouts` gets a `nodes` array (possibly empty)
    /// of its own sublayouts; other nodes are leaves and have no `nodes` key. Numbers print as
    /// the shortest decimal that reads back as the same double (``JSONText/number(_:)``).
    public func resultLine(nodesWithLayouts: Set<LayoutElementID>) -> String {
        var line = "{\"size\":["
        line += JSONText.number(frame.size.width)
        line += ","
        line += JSONText.number(frame.size.height)
        line += "],\"nodes\":"
        Layout.appendNodes(sublayouts, nodesWithLayouts: nodesWithLayouts, to: &line)
        line += "}"
        return line
    }

    private static func appendNodes(_ nodes: [Layout], nodesWithLayouts: Set<LayoutElementID>, to line: inout String) {
        line += "["
        for (index, node) in nodes.enumerated() {
            if index > 0 { line += "," }
            line += "{\"id\":"
            JSONText.appendQuoted(node.element.rawValue, to: &line)
            let frame = node.frame
            line += ",\"frame\":["
            line += JSONText.number(frame.minX)
            line += ","
            line += JSONText.number(frame.minY)
            line += ","
            line += JSONText.number(frame.size.width)
            line += ","
            line += JSONText.number(frame.size.height)
            line += "]"
            if nodesWithLayouts.contains(node.element) {
                line += ",\"nodes\":"
                appendNodes(node.sublayouts, nodesWithLayouts: nodesWithLayouts, to: &line)
            }
            line += "}"
        }
        line += "]"
    }
}
