extension RandomAccessCollection where Index == Int {
    /// The index of the first element that satisfies `predicate`, which holds for a suffix of
    /// the collection (`endIndex` when it holds for none), found by bisection.
    func partitionPoint(where predicate: (Element) -> Bool) -> Int {
        var low = startIndex, high = endIndex
        while low < high {
            let middle = low + (high - low) / 2
            if predicate(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
