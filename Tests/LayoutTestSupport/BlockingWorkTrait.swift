import Testing

/// Runs each test of a suite on ``BlockingWorkThreads``, not on Swift concurrency's cooperative
/// pool: for suites whose tests block their thread (synchronous store calls, a PostgreSQL call
/// waited for through the store's bridge, seconds of CPU in a synchronous test). The pool has one
/// thread per core; two such tests at once held both for over a minute, and every other test in
/// the run (HTTP clients, timers, time limits) waited that long for a thread.
///
/// Not for suites that run the service in process: the service's tasks would inherit the
/// preference and queue behind blocked tests; those run what blocks under
/// ``BlockingWorkThreads/run(_:)``.
///
/// A test's time limit counts from its start, and tests start together: a test that waits for
/// one of these threads spends its limit waiting. Suites with this trait take 10 minutes, which
/// still ends a hang long before CI's limit.
public struct BlockingWorkTrait: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    /// Each test case, not the suite as a whole: a test's body is what blocks.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        try await withTaskExecutorPreference(BlockingWorkThreads.shared) { try await function() }
    }
}

extension Trait where Self == BlockingWorkTrait {
    /// The suite's tests block their threads: they run on ``BlockingWorkThreads``.
    public static var blockingWork: Self { BlockingWorkTrait() }
}
