/// Median-of-batches timing of two workloads, interleaved batch by batch so that noise from
/// other processes on the machine hits both engines alike.
struct Measurement {
    var ours: [Double] = []
    var yoga: [Double] = []

    /// Median microseconds per layout.
    var oursMedian: Double { Self.median(ours) }
    var yogaMedian: Double { Self.median(yoga) }
    var ratio: Double { oursMedian / yogaMedian }

    /// Runs `warmupBatches` untimed batches of each, then `rounds` timed batches of each
    /// (ours, Yoga, ours, Yoga, …), every batch `batch` layouts long.
    static func run(ours: Workload, yoga: Workload, mode: TimingMode, batch: Int, rounds: Int,
                    warmupBatches: Int) -> Measurement {
        var sink = 0.0
        for _ in 0..<warmupBatches {
            sink += timeBatch(ours, mode: mode, batch: batch, sink: &sink)
            sink += timeBatch(yoga, mode: mode, batch: batch, sink: &sink)
        }
        var result = Measurement()
        for _ in 0..<rounds {
            result.ours.append(timeBatch(ours, mode: mode, batch: batch, sink: &sink))
            result.yoga.append(timeBatch(yoga, mode: mode, batch: batch, sink: &sink))
        }
        if sink == -1 { print("unreachable \(sink)") }
        return result
    }

    /// Microseconds per layout for one batch.
    private static func timeBatch(_ workload: Workload, mode: TimingMode, batch: Int, sink: inout Double) -> Double {
        switch mode {
        case .coldWithBuild:
            let start = Stopwatch.nanoseconds()
            for _ in 0..<batch {
                let tree = workload.build()
                sink += workload.layout(tree)
                workload.free(tree)
            }
            let end = Stopwatch.nanoseconds()
            return Double(end - start) / 1000 / Double(batch)
        case .layoutOnly:
            var trees: [AnyTree] = []
            trees.reserveCapacity(batch)
            for _ in 0..<batch { trees.append(workload.build()) }
            let start = Stopwatch.nanoseconds()
            for tree in trees { sink += workload.layout(tree) }
            let end = Stopwatch.nanoseconds()
            for tree in trees { workload.free(tree) }
            return Double(end - start) / 1000 / Double(batch)
        }
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }
}
