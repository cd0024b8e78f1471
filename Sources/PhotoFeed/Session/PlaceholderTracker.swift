/// Counts how long cells on screen show a placeholder image: every step a cell is on screen
/// without its image adds one step's time to it.
struct PlaceholderTracker {
    private(set) var records: [PlaceholderRecord] = []
    private var recordIndex: [Int: Int] = [:]
    /// Steps each record's cell showed its placeholder (seconds are computed from these, so
    /// they do not accumulate rounding).
    private var steps: [Int] = []

    /// Records the cells on screen without their image at `step`, of a session making
    /// `stepsPerSecond` steps a second.
    mutating func observe(_ cells: [(index: Int, itemID: Int64)], step: Int, stepsPerSecond: Int) {
        for (index, itemID) in cells {
            let position: Int
            if let known = recordIndex[index] {
                position = known
            } else {
                position = records.count
                recordIndex[index] = position
                records.append(PlaceholderRecord(itemID: itemID, index: index, firstStep: step, seconds: 0,
                                                 imageArrived: false))
                steps.append(0)
            }
            steps[position] += 1
            records[position].seconds = Double(steps[position]) / Double(stepsPerSecond)
        }
    }

    /// Marks the image of the cell at `index` as arrived.
    mutating func imageArrived(index: Int) {
        if let position = recordIndex[index] { records[position].imageArrived = true }
    }
}
