/// A grid of terminal columns that ``ASCIIBoxRenderer`` draws boxes on. Writes outside the grid
/// are clipped; the last write to a position wins.
///
/// A wide character (``TerminalWidth``: CJK, emoji) takes two columns, so that every line keeps
/// the columns a terminal shows. Overwriting either half of one blanks the other half; a wide
/// character without room for its right half at the grid's edge is drawn as a space.
struct ASCIICanvas {
    let columns: Int
    let rows: Int
    private var cells: [Cell]

    /// A column: a character (the left half of a wide one), or the right half of a wide one.
    private enum Cell: Equatable {
        case character(Character)
        case rightHalf
    }

    init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        cells = Array(repeating: .character(" "), count: self.columns * self.rows)
    }

    /// The character drawn at a column, or a space (outside the grid, or the right half of a wide
    /// character). Setting it draws a one-column character.
    subscript(column: Int, row: Int) -> Character {
        get {
            guard contains(column, row), case .character(let character) = cells[row * columns + column] else { return " " }
            return character
        }
        set { put(newValue, width: 1, column: column, row: row) }
    }

    /// Draws `character`, `width` (1 or 2) columns wide, from `column`; a wide character without
    /// room for its right half becomes a space.
    private mutating func put(_ character: Character, width: Int, column: Int, row: Int) {
        guard contains(column, row) else { return }
        guard width == 1 || contains(column + 1, row) else { return put(" ", width: 1, column: column, row: row) }
        let first = row * columns + column, last = first + width - 1
        // A wide character this write covers half of loses its other half.
        if cells[first] == .rightHalf { cells[first - 1] = .character(" ") }
        if column + width < columns, cells[last + 1] == .rightHalf { cells[last + 1] = .character(" ") }
        cells[first] = .character(character)
        if width == 2 { cells[last] = .rightHalf }
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

    /// Writes `text` from `column` on `row` in at most `limit` columns (wide characters take
    /// two, characters without width none); a text cut short ends with "~" so the reader sees it
    /// continues.
    mutating func write(_ text: String, column: Int, row: Int, limit: Int) {
        guard limit > 0 else { return }
        let glyphs = text.compactMap { character -> (character: Character, width: Int)? in
            let width = TerminalWidth.columns(of: character)
            return width == 0 ? nil : (character, width)
        }
        var placed = glyphs
        if glyphs.reduce(0, { $0 + $1.width }) > limit {
            var used = 0
            placed = Array(glyphs.prefix { glyph in
                used += glyph.width
                return used <= limit - 1
            })
            placed.append(("~", 1))
        }
        var offset = 0
        for glyph in placed {
            put(glyph.character, width: glyph.width, column: column + offset, row: row)
            offset += glyph.width
        }
    }

    /// The rows as text, trailing spaces removed: each line shows its columns in a terminal.
    var lines: [String] {
        (0..<rows).map { row in
            var line = ""
            for cell in cells[(row * columns)..<((row + 1) * columns)] {
                if case .character(let character) = cell { line.append(character) }
            }
            while line.last == " " { line.removeLast() }
            return line
        }
    }
}
