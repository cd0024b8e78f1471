#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Monotonic nanoseconds from `clock_gettime(CLOCK_MONOTONIC)`: cheaper per read than
/// `ContinuousClock.now`, which matters when a batch lasts under a millisecond.
enum Stopwatch {
    @inline(__always)
    static func nanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
