import Dispatch
import Synchronization

/// The speed-up this machine gives right now to work that shares nothing: `threads` independent
/// integer loops run at once, against one thread running them one after another. No parallel
/// code can beat it, so it puts the cells' speed-up in context on machines whose cores are
/// shared or throttled (on this project's 2-core VM it swings between about 1.2× and 2×).
enum MachineCeiling {
    /// The median of `probes` measurements, each about 0.3 s on one core.
    static func speedUp(threads: Int, probes: Int = 3) -> Double {
        median((0..<probes).map { _ in probe(threads: threads) })
    }

    private static let sink = Atomic<UInt64>(0)

    private static func probe(threads: Int) -> Double {
        let iterations = 20_000_000
        let serialStart = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<threads { spin(iterations) }
        let serial = DispatchTime.now().uptimeNanoseconds - serialStart
        let parallelStart = DispatchTime.now().uptimeNanoseconds
        DispatchQueue.concurrentPerform(iterations: threads) { _ in spin(iterations) }
        let parallel = DispatchTime.now().uptimeNanoseconds - parallelStart
        return Double(serial) / Double(parallel)
    }

    /// Draws `iterations` numbers and keeps their XOR, so the loop cannot be optimised away.
    private static func spin(_ iterations: Int) {
        var generator = SplitMix64(seed: 1)
        var value: UInt64 = 0
        for _ in 0..<iterations { value ^= generator.next() }
        sink.store(value, ordering: .relaxed)
    }
}
