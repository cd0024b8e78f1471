/// `first` and `second` run in turn, `times` times each, after one warm-up run of `first` (the
/// process's first heap and caches), so that a drift of the machine touches both alike. Returns
/// every run's result, by setting.
func alternating<T>(times: Int = 3, _ first: () -> T, _ second: () -> T) -> (first: [T], second: [T]) {
    _ = first()
    var results: (first: [T], second: [T]) = ([], [])
    for _ in 0..<times {
        results.first.append(first())
        results.second.append(second())
    }
    return results
}
