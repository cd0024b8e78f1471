import Foundation

/// How long a simulated network call takes: a heavy-tailed distribution sampled from uniforms.
///
/// Real image and geocoding latencies have a long right tail: most calls are quick and a few
/// are very slow. Log-normal and Pareto are the usual models; both are offered.
public enum LatencyDistribution: Hashable, Sendable {
    /// Always the same latency.
    case fixed(Duration)
    /// `exp(N(ln median, sigma²))`, via Box–Muller from two uniforms.
    case logNormal(median: Duration, sigma: Double)
    /// `minimum / U^(1/shape)` — the smaller the shape, the heavier the tail.
    case pareto(minimum: Duration, shape: Double)

    /// A sample from two independent uniforms in `[0, 1)`.
    public func sample(_ u1: Double, _ u2: Double) -> Duration {
        switch self {
        case .fixed(let latency):
            return latency
        case .logNormal(let median, let sigma):
            let radius = (-2 * Self.log(1 - u1)).squareRoot()
            let normal = radius * Self.cos(2 * Double.pi * u2)
            return median * Self.exp(sigma * normal)
        case .pareto(let minimum, let shape):
            return minimum * Self.pow(1 - u1, -1 / shape)
        }
    }

    private static func log(_ x: Double) -> Double { Foundation.log(x) }
    private static func exp(_ x: Double) -> Double { Foundation.exp(x) }
    private static func cos(_ x: Double) -> Double { Foundation.cos(x) }
    private static func pow(_ x: Double, _ y: Double) -> Double { Foundation.pow(x, y) }
}
