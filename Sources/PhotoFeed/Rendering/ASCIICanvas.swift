/// A grid of characters that ``ASCIIBoxRenderer`` draws boxes on. Writes outside the grid are
/// clipped; the last write to a position wins.
struct ASCIICanvas {
    let columns: Int
    let rows: Int
    private var cells: [Character]

    init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        cells = Array(repeating: " ", count: self.columns * self.rows)
    }

    subscript(column: Int, row: Int) -> Character {
        get { contains(column, row) ? cells[row * columns + column] : " " }
        set { if contains(column, row) { cells[row * columns + column] = newValue } }
    }

    func contains(_ column: Int, _ row: Int) -> Bool {
        column >= 0 && column < columns && row >= 0 && row < rows
    }

    /// Draws a box with corners at the given columns and rows (inclusive), clearing its inside
    /// so the box hides what was drawn before it.
    mutating func drawBox(left: Int, top: Int, right: Int, bottom: Int) {
        for row in top...bottom {
            for column in left...right {
                let onVertical = column == left || column == right
                let onHorizontal = row == top || row == bottom
                self[column, row] = switch (onVertical, onHorizontal) {
                case (true, true): "+"
                case (true, false): "|"
                case (false, true): "-"
                case (false, false): " "
                }
            }
        }
    }

    /// Writes `text` from `column` on `row`, at most `limit` characters; a text cut short ends
    /// with "~" so the reader sees it continues.
    mutating func write(_ text: String, column: Int, row: Int, limit: Int) {
        guard limit > 0 else { return }
        var characters = Array(text)
        if characters.count > limit {
            characters = Array(characters.prefix(limit - 1)) + ["~"]
        }
        for (offset, character) in characters.enumerated() {
            self[column + offset, row] = character
        }
    }

    /// The rows as text, trailing spaces removed.
    var lines: [String] {
        (0..<rows).map { row in
            var line = String(cells[(row * columns)..<((row + 1) * columns)])
            while line.last == " " { line.removeLast() }
            return line
        }
    }
}
