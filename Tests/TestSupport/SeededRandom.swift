/// A deterministic random number generator for property tests (SplitMix64).
///
/// Same seed, same sequence, on every run and machine. `Int.random(in:using:)` and friends
/// accept it; the helpers below cover what layout property tests usually need.
///
/// ```swift
/// var random = SeededRandom(seed: 42)
/// let width = random.double(in: 0...100, step: 0.5)
/// ```
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniformly chosen integer in `range`.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }

    /// A value in `range` that is a whole multiple of `step` from its lower bound, so tests can
    /// keep to (or deliberately leave) the pixel grid.
    public mutating func double(in range: ClosedRange<Double>, step: Double) -> Double {
        let steps = Int(((range.upperBound - range.lowerBound) / step).rounded(.down))
        return range.lowerBound + Double(int(in: 0...steps)) * step
    }

    /// True with probability `probability`.
    public mutating func bool(_ probability: Double = 0.5) -> Bool {
        Double(next() >> 11) / Double(1 << 53) < probability
    }

    /// A uniformly chosen element of a non-empty collection.
    public mutating func pick<C: Collection>(_ elements: C) -> C.Element {
        precondition(!elements.isEmpty, "pick from an empty collection")
        return elements[elements.index(elements.startIndex, offsetBy: int(in: 0...(elements.count - 1)))]
    }
}
