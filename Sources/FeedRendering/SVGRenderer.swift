import LayoutCore

/// Draws a cell as a standalone SVG picture with labelled frames.
///
/// The `viewBox` is the cell's size in points and every node is exactly one `<rect>` at its
/// absolute frame (`x`, `y`, `width`, `height` are the frame's numbers, printed as the shortest
/// decimal that reads back exactly, integers without ".0"), with no transforms anywhere, so a
/// reader or a test can take the numbers straight from the file. Each node is a `<g>` carrying
/// `data-node-id` with a `<title>` (the id) and a small visible label in its top right corner.
/// Text nodes also draw their lines as `<text>` at (frame.x + line.x, frame.y + line.baseline) in
/// DejaVu Sans at their size and weight; image nodes are crossed placeholders captioned with their
/// pixel size. Ids and texts are XML-escaped. The output is deterministic: the same snapshot gives the same bytes.
public struct SVGRenderer: Sendable {
    /// Font size of the node labels, in points.
    public var labelFontSize: Double

    public init(labelFontSize: Double = 7) {
        self.labelFontSize = labelFontSize
    }

    /// The SVG document for `cell`, ending with a newline.
    public func render(_ cell: CellSnapshot) -> String {
        let width = number(cell.size.width)
        let height = number(cell.size.height)
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
            viewBox="0 0 \(width) \(height)" font-family="DejaVu Sans" data-photo-id="\(cell.photoID)">
              <title>photo \(cell.photoID) · \(width) × \(height) pt</title>
              <style>
                .box { fill: #4a90d9; fill-opacity: 0.06; stroke: #4a90d9; stroke-width: 0.5; }
                .text > .box { fill: #f5a623; stroke: #d68910; }
                .image > .box { fill: #9b9b9b; fill-opacity: 0.25; stroke: #6b6b6b; }
                .cross { stroke: #6b6b6b; stroke-width: 0.5; }
                .label { fill: #1f5fa8; fill-opacity: 0.85; }
                .caption { fill: #333333; }
                .line { fill: #111111; }
              </style>

            """
        for node in cell.nodes {
            out += group(for: node)
        }
        out += "</svg>\n"
        return out
    }

    private func group(for node: NodeSnapshot) -> String {
        let frame = node.frame
        let id = MarkupEscaping.escape(node.id)
        let kind = switch node.content {
        case .box: "box-node"
        case .text: "text"
        case .image: "image"
        }
        var out = "  <g class=\"node \(kind)\" data-node-id=\"\(id)\">\n"
        out += "    <title>\(id)</title>\n"
        out += "    <rect class=\"box\" x=\"\(number(frame.minX))\" y=\"\(number(frame.minY))\" "
            + "width=\"\(number(frame.size.width))\" height=\"\(number(frame.size.height))\"/>\n"
        switch node.content {
        case .box:
            break
        case .text(let text):
            out += lines(of: text, in: frame)
        case .image(let image):
            out += placeholder(for: image, in: frame)
        }
        out += "    <text class=\"label\" x=\"\(number(frame.maxX - 1))\" y=\"\(number(frame.minY + labelFontSize))\" "
            + "font-size=\"\(number(labelFontSize))\" text-anchor=\"end\">\(id)</text>\n"
        out += "  </g>\n"
        return out
    }

    private func lines(of text: TextSnapshot, in frame: Rect) -> String {
        let weight = text.isBold ? "bold" : "normal"
        return text.lines.map { line in
            "    <text class=\"line\" x=\"\(number(frame.minX + line.x))\" y=\"\(number(frame.minY + line.baseline))\" "
                + "font-size=\"\(number(text.fontSize))\" font-weight=\"\(weight)\" xml:space=\"preserve\">"
                + "\(MarkupEscaping.escape(line.text))</text>\n"
        }.joined()
    }

    private func placeholder(for image: ImageSnapshot, in frame: Rect) -> String {
        let (x0, y0) = (number(frame.minX), number(frame.minY))
        let (x1, y1) = (number(frame.maxX), number(frame.maxY))
        let captionSize = (min(11, max(6, frame.size.height / 4)) * 2).rounded() / 2
        let (midX, midY) = (frame.minX + frame.size.width / 2, frame.minY + frame.size.height / 2)
        let caption = MarkupEscaping.escape(image.caption(fittingWidth: frame.size.width, fontSize: captionSize))
        return """
                <line class="cross" x1="\(x0)" y1="\(y0)" x2="\(x1)" y2="\(y1)"/>
                <line class="cross" x1="\(x0)" y1="\(y1)" x2="\(x1)" y2="\(y0)"/>
                <text class="caption" x="\(number(midX))" y="\(number(midY + captionSize / 3))" \
            font-size="\(number(captionSize))" \
            text-anchor="middle">\(caption)</text>

            """
    }

    private func number(_ value: Double) -> String { RenderNumber.format(value) }
}
