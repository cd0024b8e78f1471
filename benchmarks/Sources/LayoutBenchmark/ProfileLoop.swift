import BenchmarkReport

/// `--profile cell|cell-values|grid|grid-values|yoga-cell|yoga-grid [--iterations N]`: runs one
/// engine's workload alone in a loop for a profiler (`perf record`, `valgrind --tool=callgrind`),
/// with no timing and no checks.
enum ProfileLoop {
    static func run(_ options: BenchmarkOptions) -> Bool {
        guard let kind = options.string("--profile") else { return false }
        let iterations = options.int("--iterations", default: 0)
        let (workload, defaultIterations): (Workload, Int) = switch kind {
        case "cell": (FixedLeafPhotoCell.workload(width: 375), 200_000)
        case "cell-values": (FixedLeafPhotoCell.workload(width: 375, leaves: .values), 200_000)
        case "yoga-cell": (YogaCell.workload(375), 200_000)
        case "grid": (GridNode.workload(leaves: .nodes), 200)
        case "grid-values": (GridNode.workload(leaves: .values), 200)
        case "yoga-grid": (YogaGrid.workload, 200)
        default: fatalError("--profile takes cell, cell-values, yoga-cell, grid, grid-values or yoga-grid")
        }
        var sink = 0.0
        for _ in 0..<(iterations > 0 ? iterations : defaultIterations) {
            let tree = workload.build()
            sink += workload.layout(tree)
            workload.free(tree)
        }
        print("profiled \(kind) (checksum \(sink))")
        return true
    }
}
