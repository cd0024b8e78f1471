import Dispatch
import Synchronization

/// How fast a core runs busy code right now: a loop of eight independent integer chains, which
/// keeps several execution ports busy as the cells' code does.
///
/// On this project's 2-core VM each virtual core is at times slowed by the host (another guest on
/// the same physical core, most likely), independently of the other one and for seconds to
/// minutes: this loop then takes 2.5–4.5 ns per iteration instead of 1.4–1.9, and the same
/// process measuring the same text cells takes 1.5–2× as long. A loop with a single dependent
/// chain leaves the ports idle and hardly slows, so it cannot tell the states apart (nor can
/// memory latencies). Each benchmark child probes the cores it uses before its rounds (the state
/// can change during them), and ``MachineCeiling`` runs this loop on every core at once.
enum CoreProbe {
    private static let sink = Atomic<UInt64>(0)

    /// One probe on the calling thread (about 0.1 s on an undisturbed core).
    static func nanosecondsPerIteration(iterations: Int = 60_000_000) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        spin(iterations)
        return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(iterations)
    }

    /// The slowest of `threads` probes run at once (one per core when the cores are free): a
    /// parallel run goes only as fast as its slowest core allows.
    static func slowestCore(threads: Int) -> Double {
        guard threads > 1 else { return nanosecondsPerIteration() }
        let slowest = Mutex(0.0)
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            let probe = nanosecondsPerIteration()
            slowest.withLock { $0 = max($0, probe) }
        }
        return slowest.withLock { $0 }
    }

    /// Runs the loop `iterations` times and keeps its result, so it cannot be optimised away.
    static func spin(_ iterations: Int) {
        var (a, b, c, d): (UInt64, UInt64, UInt64, UInt64) = (1, 2, 3, 4)
        var (e, f, g, h): (UInt64, UInt64, UInt64, UInt64) = (5, 6, 7, 8)
        for i in 0..<UInt64(iterations) {
            a &+= b ^ i; b &+= c >> 1; c ^= d &+ i; d &+= e >> 2
            e ^= f &+ 3; f &+= g ^ a; g ^= h &+ 1; h &+= a >> 3
        }
        sink.store(a ^ b ^ c ^ d ^ e ^ f ^ g ^ h, ordering: .relaxed)
    }
}
