#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Nanosecond clocks for timing batches.
///
/// Batches are timed in **thread CPU time** (`CLOCK_THREAD_CPUTIME_ID`): on a shared machine a
/// wall clock also counts the time the benchmark thread spends descheduled, which hits one
/// engine's batch or the other's at random. CPU time is immune to that (not to cache pollution
/// from other processes). The call costs a little more than a monotonic read, which is why
/// batches last a millisecond or more.
enum Stopwatch {
    /// CPU time consumed by the calling thread.
    @inline(__always)
    static func nanoseconds() -> UInt64 {
        read(CLOCK_THREAD_CPUTIME_ID)
    }

    /// Monotonic wall-clock time.
    @inline(__always)
    static func wallNanoseconds() -> UInt64 {
        read(CLOCK_MONOTONIC)
    }

    @inline(__always)
    private static func read(_ clock: clockid_t) -> UInt64 {
        var time = timespec()
        clock_gettime(clock, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
