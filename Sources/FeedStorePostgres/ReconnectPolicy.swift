/// How a PostgreSQL store waits between attempts to reach its server: a connection that cannot
/// be made, or one lost in the middle of an operation (a server restart), is tried again after
/// each delay in turn; after the last, the operation fails with
/// ``PostgresStoreError/unreachable(database:message:)``. The same delays space the attempts of
/// a write the server aborted for a conflict with another transaction.
///
/// A ``budget`` bounds the real time of the attempts, however each one fails: refused at once,
/// reset, or met by a peer that accepts and then says nothing (each attempt would otherwise
/// wait out the URL's `connect_timeout`). It runs from the moment the connection was found lost
/// or could not be made; once it is spent the operation fails, whatever delays are left.
///
/// The waiting is injected and asynchronous (it suspends its task, never blocks a thread), so
/// that tests count the attempts without sleeping.
///
/// ```swift
/// let store = try PostgresFeedStore(location: location, reconnect: .none)
/// ```
public struct ReconnectPolicy: Sendable {
    public var delays: [Duration]
    /// The most real time spent trying to reach the server, or nil for no bound but the delays'
    /// count (and each attempt's `connect_timeout`).
    public var budget: Duration?
    public var wait: @Sendable (Duration) async -> Void

    public init(delays: [Duration], budget: Duration? = nil, wait: @escaping @Sendable (Duration) async -> Void) {
        self.delays = delays
        self.budget = budget
        self.wait = wait
    }

    /// Doubling delays from 50 ms, and a budget of their sum (6.35 s): a server restart fits in
    /// them, and an unreachable server fails an operation within about 6 s.
    public static let standard: ReconnectPolicy = {
        let delays: [Duration] = (0 ..< 7).map { .milliseconds(50 << $0) }
        return ReconnectPolicy(delays: delays, budget: delays.reduce(.zero, +),
                               wait: { duration in try? await Task.sleep(for: duration) })
    }()

    /// One attempt, no waiting.
    public static let none = ReconnectPolicy(delays: [], wait: { _ in })
}
