import Foundation
import Testing

/// How much longer than usual the tests of this run may take: the one rule for every suite's and
/// test's time limit (``Testing/Trait/timeLimit(minutes:)``) and for the default limits of the
/// tests' clients and child processes (``scaled(_:)``).
///
/// `PHOTOFEED_TEST_TIME_SCALE` (a whole number from 1) when set; else ``sanitized`` when a
/// sanitizer's runtime is in the process (`swift test --sanitize=thread`, or `address`), else 1.
/// Under the thread sanitizer the whole suite runs many times slower on two cores, and tests
/// queue for threads (``BlockingWorkThreads``, the cooperative pool) with their limits already
/// counting: unscaled, dozens of them ran out of time without hanging.
public enum TestTimeScale {
    /// The factor of a sanitized run.
    public static let sanitized = 6

    /// This run's factor.
    public static let factor: Int = factor(environment: ProcessInfo.processInfo.environment,
                                            sanitized: sanitizerIsLoaded)

    /// The factor `environment` and a sanitizer's presence give.
    public static func factor(environment: [String: String], sanitized isSanitized: Bool) -> Int {
        if let given = environment["PHOTOFEED_TEST_TIME_SCALE"], let value = Int(given), value >= 1 {
            return value
        }
        return isSanitized ? sanitized : 1
    }

    /// `duration` times ``factor``: a limit of the tests' own (a child's kill timer, a client's
    /// timeout, a test server's deadline) that a usual run stays far below.
    public static func scaled(_ duration: Duration) -> Duration {
        duration * factor
    }

    /// Whether the thread or address sanitizer's runtime is linked into this process: it exports
    /// its initializer (as Swift's runtime relies on, to find TSan's annotations).
    static var sanitizerIsLoaded: Bool {
        let initializers: [String] = ["__tsan_init", "__asan_init"]
        return initializers.contains { dlsym(UnsafeMutableRawPointer(bitPattern: 0), $0) != nil }
    }
}

extension Trait where Self == TimeLimitTrait {
    /// A time limit of `minutes` times ``TestTimeScale/factor``: every suite and test in `Tests/`
    /// gives its limit through this (`TestSuiteRulesTests` checks it), so a sanitized run scales
    /// them all.
    public static func timeLimit(minutes: Int) -> Self {
        .timeLimit(.minutes(minutes * TestTimeScale.factor))
    }
}
