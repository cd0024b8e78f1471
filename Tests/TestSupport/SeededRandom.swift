import FeedStore

/// The deterministic generator property tests use: FeedStore's SplitMix64 (same seed, same
/// sequence on every run and machine), with the helpers layout property tests need.
///
/// ```swift
/// var random = SeededRandom(seed: 42)
/// let width = random.double(in: 0...100, step: 0.5)
/// ```
public typealias SeededRandom = SplitMix64

extension SplitMix64 {
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
