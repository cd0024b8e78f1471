import LayoutCore

/// Draws a cell as ASCII boxes (Texture's `ASAsciiArtBoxCreator` idea), for terminals and golden
/// tests.
///
/// The cell's width maps to exactly `columns` character columns, its edges on the first and
/// the last; rows are half as dense as columns
/// (a character is about twice as tall as it is wide), so shapes keep their proportions. Each
/// node is a box of `+`, `-` and `|` whose corners are its frame's corners rounded to the grid,
/// at least two characters wide and two rows tall, clipped to the cell. The node's id is written
/// in the box's top edge; a text node's lines are written inside, one per row, while rows are
/// left; an image node shows its ``ImageSnapshot/caption`` in the middle. Later nodes are drawn
/// over earlier ones and hide them (their inside is cleared). Text cut short ends with `~`.
/// Characters take the columns a terminal gives them (``TerminalWidth``: two for CJK and emoji),
/// so the boxes stay aligned whatever the script.
///
/// The output starts with a header line naming the photo and the cell size and, unless
/// `listsFrames` is false, ends with a blank line and each node's exact frame, since the drawing
/// is approximate.
/// Lines carry no trailing spaces.
///
/// ```
/// photo 7 · 320 × 60 pt · 32 columns
/// +-avatar-+----------------------+
/// |        |                      |
/// ```
public struct ASCIIBoxRenderer: Sendable {
    /// Character columns across the cell's width (at least 4).
    public var columns: Int
    /// Whether to list every node's exact frame under the drawing.
    public var listsFrames: Bool

    public init(columns: Int = 80, listsFrames: Bool = true) {
        self.columns = max(4, columns)
        self.listsFrames = listsFrames
    }

    /// The drawing of `cell`, lines separated by "\n", ending with a newline.
    public func render(_ cell: CellSnapshot) -> String {
        let grid = Grid(cellSize: cell.size, characters: columns)
        var canvas = ASCIICanvas(columns: grid.columns + 1, rows: grid.rows + 1)
        for node in cell.nodes {
            draw(node, on: &canvas, grid: grid)
        }
        var lines = ["photo \(cell.photoID) · \(sizeText(cell.size)) pt · \(columns) columns"]
        lines += canvas.lines
        if listsFrames {
            lines.append("")
            lines += cell.nodes.map { node in "\(node.id): \(frameText(node.frame)) \(contentText(node.content))" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func draw(_ node: NodeSnapshot, on canvas: inout ASCIICanvas, grid: Grid) {
        let box = grid.box(for: node.frame)
        canvas.drawBox(left: box.left, top: box.top, right: box.right, bottom: box.bottom)
        let innerWidth = box.right - box.left - 1
        canvas.write(node.id, column: box.left + 1, row: box.top, limit: innerWidth)
        let innerRows = Array((box.top + 1)..<box.bottom)
        switch node.content {
        case .box:
            break
        case .text(let text):
            for (line, row) in zip(text.lines, innerRows) {
                let indent = min(max(0, grid.column(line.x)), max(0, innerWidth - 1))
                canvas.write(line.text, column: box.left + 1 + indent, row: row, limit: innerWidth - indent)
            }
        case .image(let image):
            guard !innerRows.isEmpty else { return }
            let caption = image.caption
            let indent = max(0, (innerWidth - TerminalWidth.columns(of: caption)) / 2)
            canvas.write(caption, column: box.left + 1 + indent, row: innerRows[(innerRows.count - 1) / 2],
                         limit: innerWidth - indent)
        }
    }

    private func sizeText(_ size: Size) -> String {
        "\(RenderNumber.format(size.width)) × \(RenderNumber.format(size.height))"
    }

    private func frameText(_ frame: Rect) -> String {
        "(\(RenderNumber.format(frame.minX)), \(RenderNumber.format(frame.minY))) \(sizeText(frame.size))"
    }

    private func contentText(_ content: NodeContent) -> String {
        switch content {
        case .box: "box"
        case .text(let text): "text \(RenderNumber.format(text.fontSize))pt \(text.isBold ? "bold" : "regular"), "
            + "\(text.lines.count) line\(text.lines.count == 1 ? "" : "s")"
        case .image(let image): image.caption
        }
    }
}

extension ASCIIBoxRenderer {
    /// The mapping from points to character positions for one cell.
    struct Grid {
        /// Inclusive corner positions of a node's box.
        struct Box {
            var left, top, right, bottom: Int
        }

        /// The last column's index: the cell's right edge.
        let columns: Int
        /// The last row's index: the cell's bottom edge.
        let rows: Int
        let pointsPerColumn: Double
        let pointsPerRow: Double

        /// A grid `characters` wide: box corners sit on characters, so the cell's left and right
        /// edges are the first and the last of them, `characters - 1` steps apart. A row is as
        /// tall as two of the `characters` are wide (a character is about twice as tall as wide).
        init(cellSize: Size, characters: Int) {
            let width = cellSize.width.isFinite && cellSize.width > 0 ? cellSize.width : 1
            let height = cellSize.height.isFinite && cellSize.height > 0 ? cellSize.height : 0
            columns = characters - 1
            pointsPerColumn = width / Double(columns)
            pointsPerRow = 2 * width / Double(characters)
            rows = max(1, Int((height / pointsPerRow).rounded()))
        }

        func column(_ x: Double) -> Int { Self.index(x / pointsPerColumn) }
        func row(_ y: Double) -> Int { Self.index(y / pointsPerRow) }

        /// The frame's corners rounded to the grid, clipped to it, at least 2 × 2.
        func box(for frame: Rect) -> Box {
            // The grid has columns + 1 and rows + 1 positions (0...columns), so clamping the
            // leading corner to columns - 1 always leaves room for the trailing one.
            let left = min(max(0, column(frame.minX)), columns - 1)
            let right = min(max(left + 1, column(frame.maxX)), columns)
            let top = min(max(0, row(frame.minY)), rows - 1)
            let bottom = min(max(top + 1, row(frame.maxY)), rows)
            return Box(left: left, top: top, right: right, bottom: bottom)
        }

        /// Rounds half away from zero; non-finite values (which no frame holds) map to 0.
        private static func index(_ value: Double) -> Int {
            guard value.isFinite else { return 0 }
            return Int(max(-1e9, min(1e9, value.rounded())))
        }
    }
}
