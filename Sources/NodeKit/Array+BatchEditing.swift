extension Array {
    /// Removes the elements at `indices` (ascending, each once) in one pass over the array and
    /// returns them in that order. Removing them one at a time moves the elements after each
    /// one, every time: a batch deleting k scattered items of n then moves up to k·n elements.
    ///
    /// Elements are moved as raw memory (`moveInitialize`): the standard library's
    /// `removeSubranges` and `swapAt` copy each element they move, which for a list's elements
    /// is a reference-count write to every node.
    mutating func remove(atAscending indices: [Int]) -> [Element] {
        let removedCount = indices.count
        guard removedCount > 0 else { return [] }
        withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            let removed = UnsafeMutablePointer<Element>.allocate(capacity: removedCount)
            defer { removed.deallocate() }
            var write = indices[0]
            for (order, index) in indices.enumerated() {
                (removed + order).moveInitialize(from: base + index, count: 1)
                let kept = (order + 1 < removedCount ? indices[order + 1] : buffer.count) - index - 1
                (base + write).moveInitialize(from: base + index + 1, count: kept)
                write += kept
            }
            // The removed elements go to the end, to leave the array with its tail.
            (base + write).moveInitialize(from: removed, count: removedCount)
        }
        defer { removeLast(removedCount) }
        return Array(self[(count - removedCount)...])
    }

    /// Inserts `elements` so that they land at `positions` (ascending, each once, indices in the
    /// array after the insertion) in one pass from the end: each element after the first
    /// position moves once, as raw memory. Inserting them one at a time moves that tail once per
    /// element.
    mutating func insert(_ elements: [Element], atAscending positions: [Int]) {
        let insertedCount = elements.count
        precondition(positions.count == insertedCount, "one position per inserted element")
        guard insertedCount > 0 else { return }
        let oldCount = count
        append(contentsOf: elements)
        // Appended as they are when they all go after the old elements (a page at the end).
        guard positions[0] < oldCount else { return }
        withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            let inserted = UnsafeMutablePointer<Element>.allocate(capacity: insertedCount)
            defer { inserted.deallocate() }
            inserted.moveInitialize(from: base + oldCount, count: insertedCount)
            // Old elements not yet placed: [0, unplaced). Slots still to fill end at `filledFrom`.
            var unplaced = oldCount
            var filledFrom = buffer.count
            for order in (0..<insertedCount).reversed() {
                let position = positions[order]
                let above = filledFrom - position - 1
                (base + position + 1).moveInitialize(from: base + unplaced - above, count: above)
                unplaced -= above
                (base + position).moveInitialize(from: inserted + order, count: 1)
                filledFrom = position
            }
        }
    }

    /// Puts `elements` at `indices` (ascending, each once) in place of the elements there and
    /// returns those, in the same order: what removing the elements at `indices` and inserting
    /// `elements` at the same `indices` amounts to (reloads), without moving any other element.
    mutating func replace(atAscending indices: [Int], with elements: [Element]) -> [Element] {
        precondition(indices.count == elements.count, "one index per replacing element")
        var swapped = elements
        withUnsafeMutableBufferPointer { buffer in
            swapped.withUnsafeMutableBufferPointer { others in
                for (order, index) in indices.enumerated() {
                    let old = (buffer.baseAddress! + index).move()
                    (buffer.baseAddress! + index).moveInitialize(from: others.baseAddress! + order, count: 1)
                    (others.baseAddress! + order).initialize(to: old)
                }
            }
        }
        return swapped
    }
}
