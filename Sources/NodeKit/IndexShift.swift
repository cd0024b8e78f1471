/// Where an index lands when a batch deletes some indices (old space) and inserts others (new
/// space), the way a reloaded section or item is carried through the batch (§9.2): the deletes
/// before it pull it back, then each insert, in ascending order, at or before the index it has
/// reached so far pushes it on by one.
///
/// Made once per batch, it answers each index with two bisections: carrying every reload through
/// every change one by one made a batch of k reloads, deletes and inserts cost k² steps.
struct IndexShift {
    private let deleted: [Int]
    /// The running maximum of `inserted[j] - j` over the inserts in ascending order. The first
    /// j inserts all push an index that the deletes left at `base` exactly when this is at most
    /// `base` at j - 1: insert j pushes it when `inserted[j] ≤ base + j` (the j before it did),
    /// and once one does not, no later, larger one does.
    private let pushLimits: [Int]

    init(deleted: [Int], inserted: [Int]) {
        self.deleted = deleted.sorted()
        var limit = Int.min
        pushLimits = inserted.sorted().enumerated().map { order, index in
            limit = max(limit, index - order)
            return limit
        }
    }

    /// The index that `index` becomes.
    func newIndex(of index: Int) -> Int {
        // The deletes below it, then the inserts that push it (a prefix of them).
        let base = index - deleted.partitionPoint { $0 >= index }
        return base + pushLimits.partitionPoint { $0 > base }
    }
}
