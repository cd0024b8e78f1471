/// The deterministic generator property tests use: SplitMix64, so the same seed gives the same
/// sequence on every run and machine (unlike `SystemRandomNumberGenerator`), with the helpers
/// layout property tests need. It follows the same sequence as FeedStore's generator for a
/// seed, and needs no store to link.
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

    /// Advances by the golden-ratio increment, then scrambles the state with SplitMix64's
    /// finalizer.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var bits = state
        bits = (bits ^ (bits >> 30)) &* 0xBF58_476D_1CE4_E5B9
        bits = (bits ^ (bits >> 27)) &* 0x94D0_49BB_1331_11EB
        return bits ^ (bits >> 31)
    }

    /// A uniform integer in `range` by multiply-shift, the same on every platform (unlike
    /// `Int.random(in:using:)`).
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next().multipliedFullWidth(by: span).high)
    }

    /// A uniform double in [0, 1).
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A value in `range` that is a whole multiple of `step` from its lower bound, so tests can
    /// keep to (or deliberately leave) the pixel grid.
    public mutating func double(in range: ClosedRange<Double>, step: Double) -> Double {
        let steps = Int(((range.upperBound - range.lowerBound) / step).rounded(.down))
        return range.lowerBound + Double(int(in: 0...steps)) * step
    }

    /// True with probability `probability`.
    public mutating func bool(_ probability: Double = 0.5) -> Bool {
        unit() < probability
    }

    /// A uniformly chosen element of a non-empty collection.
    public mutating func pick<C: Collection>(_ elements: C) -> C.Element {
        precondition(!elements.isEmpty, "pick from an empty collection")
        return elements[elements.index(elements.startIndex, offsetBy: int(in: 0...(elements.count - 1)))]
    }
}
