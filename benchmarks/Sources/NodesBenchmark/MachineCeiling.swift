import Dispatch

/// The speed-up this machine gives right now to work that shares nothing: `threads` copies of
/// ``CoreProbe``'s loop run at once, against one thread running them one after another. No
/// parallel code can beat it, so it puts the cells' speed-up in context on a machine whose cores
/// are shared or throttled: when one of this VM's two cores is slowed by the host, two threads
/// together get about 1.5× one fast thread's work done, and so does any parallel insert.
/// (A single dependent chain, which this ceiling used before, reported 1.8–2× at such times.)
enum MachineCeiling {
    /// The median of `probes` measurements, each about 0.4 s on one undisturbed core.
    static func speedUp(threads: Int, probes: Int = 3) -> Double {
        median((0..<probes).map { _ in probe(threads: threads) })
    }

    private static func probe(threads: Int) -> Double {
        let iterations = 60_000_000
        let serialStart = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<threads { CoreProbe.spin(iterations) }
        let serial = DispatchTime.now().uptimeNanoseconds - serialStart
        let parallelStart = DispatchTime.now().uptimeNanoseconds
        DispatchQueue.concurrentPerform(iterations: threads) { _ in CoreProbe.spin(iterations) }
        let parallel = DispatchTime.now().uptimeNanoseconds - parallelStart
        return Double(serial) / Double(parallel)
    }
}
