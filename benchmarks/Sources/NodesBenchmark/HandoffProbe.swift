import Foundation
import Synchronization

/// How long a cache line written by one core takes to reach the other right now: two threads
/// pass a counter back and forth (each waits for the other's value, then writes the next), and
/// a handoff is the round trip halved.
///
/// Everything two threads of one process write in common (a lock, a reference count, a shared
/// cache's table) costs a handoff each time the other core touches it next. On this VM the cost
/// changes with the host's placement of the two virtual cores, and with it the parallel CPU
/// overhead of the cells, while two separate processes (``SameWorkCeiling``) share no lines and
/// do not notice. Each 2-thread child prints it beside its core probe.
enum HandoffProbe {
    /// Nanoseconds per one-way handoff, over `roundTrips` round trips (about 5 ms when a
    /// handoff takes 50 ns). Spins: meant for an otherwise idle pair of cores.
    static func nanosecondsPerHandoff(roundTrips: Int = 50_000) -> Double {
        let turn = Atomic<Int>(0)
        let done = Atomic<Bool>(false)
        // The partner gets a thread of its own: two iterations of a concurrent loop may run one
        // after the other, and then the first would wait for the second forever.
        Thread.detachNewThread {
            play(side: 1, roundTrips: roundTrips, turn: turn)
            done.store(true, ordering: .releasing)
        }
        let start = DispatchTime.now().uptimeNanoseconds
        play(side: 0, roundTrips: roundTrips, turn: turn)
        let elapsed = DispatchTime.now().uptimeNanoseconds - start
        while !done.load(ordering: .acquiring) {}
        return Double(elapsed) / Double(2 * roundTrips)
    }

    /// One side's part: wait for the counter to reach this side's next value, then pass it on.
    private static func play(side: Int, roundTrips: Int, turn: borrowing Atomic<Int>) {
        for trip in 0..<roundTrips {
            let mine = 2 * trip + side
            while turn.load(ordering: .acquiring) != mine {}
            turn.store(mine + 1, ordering: .releasing)
        }
    }
}
