/// How a PostgreSQL store waits between attempts to reach its server: a connection that cannot
/// be made, or one lost in the middle of an operation (a server restart), is tried again after
/// each delay in turn; after the last, the operation fails with
/// ``PostgresStoreError/unreachable(database:message:)``. The same delays space the attempts of
/// a write the server aborted for a conflict with another transaction.
///
/// The waiting is injected and asynchronous (it suspends its task, never blocks a thread), so
/// that tests count the attempts without sleeping.
///
/// ```swift
/// let store = try PostgresFeedStore(location: location, reconnect: .none)
/// ```
public struct ReconnectPolicy: Sendable {
    public var delays: [Duration]
    public var wait: @Sendable (Duration) async -> Void

    public init(delays: [Duration], wait: @escaping @Sendable (Duration) async -> Void) {
        self.delays = delays
        self.wait = wait
    }

    /// Doubling delays from 50 ms, about 6 s in all: a server restart fits in them.
    public static let standard = ReconnectPolicy(
        delays: (0 ..< 7).map { .milliseconds(50 << $0) },
        wait: { duration in try? await Task.sleep(for: duration) })

    /// One attempt, no waiting.
    public static let none = ReconnectPolicy(delays: [], wait: { _ in })
}
