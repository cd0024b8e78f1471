/// Where a transition measured with `measureAsync: true` computes its layout (Texture measures
/// on a background queue). Injected so tests can run measurement deterministically and observe
/// the state while it is in flight.
public protocol LayoutMeasurementExecutor: Sendable {
    /// Runs `work` (which may take any time and touches only node locks) and returns its result.
    func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T
}

/// The default executor: a detached task on the global concurrent executor.
public struct DetachedMeasurementExecutor: LayoutMeasurementExecutor {
    public init() {}

    public func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await Task.detached(priority: .userInitiated) { work() }.value
    }
}
