import FeedModel

/// Random numbers that are a pure function of (run seed, job, attempt, draw).
///
/// The sync daemon draws every random outcome — latency, failure, jitter — from here instead of
/// from a stateful generator, so a run resumed after a crash makes exactly the draws an
/// uninterrupted run would have made for the same jobs and attempts, whatever order they ran in.
/// The mixing is SplitMix64's finalizer applied to the combined inputs.
///
/// ```swift
/// let random = OutcomeRandom(seed: 42)
/// let u = random.unit(job: JobKey(kind: .image, targetID: 7), attempt: 1, draw: .latency)
/// ```
public struct OutcomeRandom: Hashable, Sendable {
    /// Which independent quantity a draw is for.
    public enum Draw: UInt64, Sendable {
        case latency = 1, latencyPair, failure, jitter
    }

    public var seed: UInt64

    public init(seed: UInt64) {
        self.seed = seed
    }

    /// 64 uniformly distributed bits for one draw.
    public func bits(job: JobKey, attempt: Int, draw: Draw) -> UInt64 {
        var h = Self.mix(seed &+ 0x9E37_79B9_7F4A_7C15)
        h = Self.mix(h ^ job.kind.stableCode)
        h = Self.mix(h ^ UInt64(bitPattern: job.targetID))
        h = Self.mix(h ^ UInt64(truncatingIfNeeded: attempt))
        return Self.mix(h ^ draw.rawValue)
    }

    /// A number in the half-open interval `[0, 1)` with 53 random bits.
    public func unit(job: JobKey, attempt: Int, draw: Draw) -> Double {
        Double(bits(job: job, attempt: attempt, draw: draw) >> 11) * 0x1p-53
    }

    /// One SplitMix64 step: advance by the golden-ratio increment, then scramble.
    @inline(__always)
    static func mix(_ value: UInt64) -> UInt64 {
        SplitMix64.mix(value &+ 0x9E37_79B9_7F4A_7C15)
    }
}

extension JobKind {
    /// A code that never changes across releases, for hashing into random draws.
    var stableCode: UInt64 {
        switch self {
        case .image: 0x696D_6167
        case .avatar: 0x6176_6174
        case .geocode: 0x6765_6F63
        case .commentFeed: 0x636F_6D6D
        }
    }
}
