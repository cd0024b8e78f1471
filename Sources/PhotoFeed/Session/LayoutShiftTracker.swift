import LayoutCore

/// Finds the layout shifts a user sees: a cell on screen whose frame differs from where the user
/// last saw it (the web's cumulative layout shift, in points).
///
/// Frames are in content coordinates, so scrolling is never a shift. A cell's shift is the
/// farthest either of its horizontal edges moved: a cell that grows at its bottom by 20 points
/// shifts 20, a cell pushed down by 20 shifts 20, a cell whose top moves up 20 while its bottom
/// stays shifts 20. A cell seen for the first time has nothing to shift from. The cost of a step
/// is that of the cells on screen.
struct LayoutShiftTracker {
    /// Where each cell was when last on screen, by index in the feed.
    private var lastSeen: [Int: Rect] = [:]
    /// Below this many points a difference is rounding, not a shift.
    static let tolerance = 1e-6

    /// Cells ever seen on screen.
    var cellsShown: Int { lastSeen.count }

    /// Records the cells on screen now (`index`, `frame`) and returns the shifts among them, in
    /// the order given: (index, top edge moved, height change, shift).
    mutating func observe(_ visible: [(index: Int, frame: Rect)])
        -> [(index: Int, moved: Double, heightChange: Double, points: Double)] {
        var shifts: [(index: Int, moved: Double, heightChange: Double, points: Double)] = []
        for (index, frame) in visible {
            if let previous = lastSeen[index] {
                let top = frame.minY - previous.minY
                let bottom = frame.maxY - previous.maxY
                let points = max(abs(top), abs(bottom))
                if points > Self.tolerance {
                    shifts.append((index, top, frame.size.height - previous.size.height, points))
                }
            }
            lastSeen[index] = frame
        }
        return shifts
    }
}
