/// SplitMix64: a tiny, fast, seedable generator; the same seed gives the same sequence on every
/// platform and Swift version (unlike `SystemRandomNumberGenerator`).
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// SplitMix64's finalizer: a bijective scramble of 64 bits, also used on its own to turn a
    /// combination of inputs into well-mixed random bits.
    @inline(__always)
    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `range`, without `Int.random(in:using:)`'s platform-dependent
    /// algorithm (multiply-shift: deterministic everywhere).
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next().multipliedFullWidth(by: span).high)
    }

    /// A uniform double in [0, 1).
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    public mutating func pick<T>(_ values: [T]) -> T { values[int(in: 0...(values.count - 1))] }
}
