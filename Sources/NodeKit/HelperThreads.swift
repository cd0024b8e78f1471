import CSharedCount
import Dispatch
import Foundation

/// The threads that help ``ParallelWork``'s runs, for the life of the process: each waits for a
/// run in its own mailbox, runs its share of the run's jobs, and waits for the next.
///
/// Handing a run over is one compare-and-swap of the run's address into a free helper's mailbox,
/// then a signal if that helper is parked: nothing is allocated or queued. A helper that has
/// finished a run keeps looking at its mailbox for ``spinNanoseconds`` (spinning with the core's
/// pause hint) before it parks on its condition variable, so runs that follow each other closely,
/// such as a feed's pages, find it awake, and an idle process keeps no core busy.
///
/// The caller works on its own run too. Once it has no job left, it takes its run back from every
/// mailbox where it still lies (``retract(_:from:)``): those helpers never touch the run, and
/// the caller waits only for the helpers that took it.
///
/// Helpers start on demand: a caller that finds no free helper starts one, so runs started from
/// several threads at once (or from a job of another run) each get their own helpers and never
/// wait for a busy one. At ``capacity`` started helpers, a run gets only the free ones, and its
/// calling thread does the rest.
///
/// `@unchecked Sendable`: a mailbox changes only by C compare-and-swap (acquire-release), and the
/// helper that swaps a run's address out reads the run only after that swap, so it sees what the
/// caller wrote before posting; a helper's parked flag is read and written under its mutex; the
/// slots of helper `i` are set up before the started count (a release store) covers `i`, and read
/// by other threads only after an acquire load of it does.
final class HelperThreads: @unchecked Sendable {
    static let shared = HelperThreads(capacity: 64)

    /// How long a helper looks for its next run before it parks: a few page inserts' worth of the
    /// calling thread's own steps between two runs.
    static let spinNanoseconds: UInt64 = 100_000

    /// Helpers at most; a run wanting more than are free gets fewer.
    let capacity: Int

    private static let free = 0
    private static let taken = 1
    /// Words per helper in `lines`: 128 bytes, so no two helpers' mailboxes share a cache line or
    /// the pair of lines that the core prefetches together.
    private static let lineWords = 16

    /// Per helper, `lineWords` words: [0] its mailbox (free, taken, or the address of a posted
    /// run), [1] 1 while it is parked (under its mutex).
    private let lines: UnsafeMutablePointer<Int>
    private let mutexes: UnsafeMutablePointer<pthread_mutex_t>
    private let conditions: UnsafeMutablePointer<pthread_cond_t>
    /// [0]: helpers started.
    private let started: UnsafeMutablePointer<Int>
    /// Held while a helper is started.
    private let startLock: UnsafeMutablePointer<pthread_mutex_t>

    private init(capacity: Int) {
        self.capacity = capacity
        lines = .allocate(capacity: capacity * Self.lineWords)
        lines.initialize(repeating: 0, count: capacity * Self.lineWords)
        mutexes = .allocate(capacity: capacity)
        conditions = .allocate(capacity: capacity)
        started = .allocate(capacity: 1)
        started.initialize(to: 0)
        startLock = .allocate(capacity: 1)
        startLock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(startLock, nil)
    }

    /// Posts `run` to up to `count` helpers, starting helpers when too few are free; writes the
    /// numbers of those it posted to into `posted` and returns how many there are.
    func post(_ run: HelperRun, count: Int, into posted: UnsafeMutablePointer<Int>) -> Int {
        let address = Self.address(of: run)
        var filled = 0
        var helper = 0
        while filled < count {
            if helper == photofeed_count_load(started) {
                guard let new = start(holding: address) else { break }
                posted[filled] = new
                filled += 1
                helper = new + 1
                continue
            }
            if photofeed_count_replace(mailbox(helper), Self.free, address) != 0 {
                wake(helper)
                posted[filled] = helper
                filled += 1
            }
            helper += 1
        }
        return filled
    }

    /// Takes `run` back from `helper`'s mailbox; false when the helper has already taken it (it
    /// then counts itself finished in the run when it is done with it).
    func retract(_ run: HelperRun, from helper: Int) -> Bool {
        photofeed_count_replace(mailbox(helper), Self.address(of: run), Self.free) != 0
    }

    private static func address(of run: HelperRun) -> Int {
        Int(bitPattern: Unmanaged.passUnretained(run).toOpaque())
    }

    private func mailbox(_ helper: Int) -> UnsafeMutablePointer<Int> { lines + helper * Self.lineWords }

    private func parked(_ helper: Int) -> UnsafeMutablePointer<Int> { lines + helper * Self.lineWords + 1 }

    private func wake(_ helper: Int) {
        pthread_mutex_lock(mutexes + helper)
        if parked(helper).pointee != 0 { pthread_cond_signal(conditions + helper) }
        pthread_mutex_unlock(mutexes + helper)
    }

    /// Starts the next helper with `address` already in its mailbox; returns its number, or nil
    /// at capacity.
    private func start(holding address: Int) -> Int? {
        pthread_mutex_lock(startLock)
        defer { pthread_mutex_unlock(startLock) }
        let helper = photofeed_count_load(started)
        guard helper < capacity else { return nil }
        (mutexes + helper).initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutexes + helper, nil)
        (conditions + helper).initialize(to: pthread_cond_t())
        pthread_cond_init(conditions + helper, nil)
        mailbox(helper).pointee = address
        let thread = Thread { [self] in serve(helper) }
        thread.name = "NodeKit helper \(helper)"
        thread.start()
        photofeed_count_store(started, helper + 1)
        return helper
    }

    /// A helper's life: take the posted run, work on it, free the mailbox, then count itself
    /// finished in the run (the last thing it does with the run: its caller may end it then).
    private func serve(_ helper: Int) -> Never {
        let mailbox = mailbox(helper)
        while true {
            let run = Unmanaged<HelperRun>.fromOpaque(UnsafeRawPointer(bitPattern: take(helper))!)
            // Borrowed, not retained: the caller keeps the run alive until this helper counts
            // itself finished, and nothing of it is touched after that.
            let finished = run._withUnsafeGuaranteedRef { run in
                run.work()
                return run.finishedHelpers
            }
            photofeed_count_store(mailbox, Self.free)
            _ = photofeed_count_increment(finished)
        }
    }

    /// The address of the next run posted to `helper`, its mailbox now marked taken: looked for
    /// during ``spinNanoseconds``, then waited for parked.
    private func take(_ helper: Int) -> Int {
        let mailbox = mailbox(helper)
        func takePosted() -> Int? {
            let held = photofeed_count_load(mailbox)
            guard held > Self.taken, photofeed_count_replace(mailbox, held, Self.taken) != 0 else { return nil }
            return held
        }
        let deadline = DispatchTime.now().uptimeNanoseconds + Self.spinNanoseconds
        var spins = 0
        repeat {
            if let address = takePosted() { return address }
            photofeed_spin_pause()
            spins += 1
        } while spins % 64 != 0 || DispatchTime.now().uptimeNanoseconds < deadline
        pthread_mutex_lock(mutexes + helper)
        defer { pthread_mutex_unlock(mutexes + helper) }
        parked(helper).pointee = 1
        while true {
            if let address = takePosted() {
                parked(helper).pointee = 0
                return address
            }
            pthread_cond_wait(conditions + helper, mutexes + helper)
        }
    }
}
