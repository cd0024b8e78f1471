/// What a benchmark's figure must reach: at most or at least a bound.
public enum Goal: Sendable, Equatable {
    /// The figure passes when it is no greater than the bound (times, ours / peer).
    case atMost(Double)
    /// The figure passes when it is no smaller than the bound (speed-ups, peer / ours).
    case atLeast(Double)

    /// Whether `value` meets the goal.
    public func isMet(by value: Double) -> Bool {
        switch self {
        case .atMost(let bound): value <= bound
        case .atLeast(let bound): value >= bound
        }
    }

    /// "≤ 1.00", "≥ 1.80".
    public var description: String {
        switch self {
        case .atMost(let bound): "≤ \(BenchmarkResult.format(bound))"
        case .atLeast(let bound): "≥ \(BenchmarkResult.format(bound))"
        }
    }
}
