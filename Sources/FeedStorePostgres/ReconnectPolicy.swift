import Foundation

/// How a PostgreSQL store waits between attempts to reach its server: a connection that cannot
/// be made, or one lost in the middle of an operation (a server restart), is tried again after
/// each delay in turn; after the last, the operation fails with
/// ``PostgresStoreError/unreachable(database:message:)``.
///
/// The waiting is injected, so that tests count the attempts without sleeping.
///
/// ```swift
/// let store = try PostgresFeedStore(location: location, reconnect: .none)
/// ```
public struct ReconnectPolicy: Sendable {
    public var delays: [Duration]
    public var wait: @Sendable (Duration) -> Void

    public init(delays: [Duration], wait: @escaping @Sendable (Duration) -> Void) {
        self.delays = delays
        self.wait = wait
    }

    /// Doubling delays from 50 ms, about 6 s in all: a server restart fits in them.
    public static let standard = ReconnectPolicy(
        delays: (0 ..< 7).map { .milliseconds(50 << $0) },
        wait: { duration in
            let (seconds, attoseconds) = duration.components
            Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
        })

    /// One attempt, no waiting.
    public static let none = ReconnectPolicy(delays: [], wait: { _ in })
}
