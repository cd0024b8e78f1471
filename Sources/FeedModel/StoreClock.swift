import Foundation

/// Where the store gets "now" from: injected, like GRDB's `TransactionClock`, so that tests and
/// deterministic runs control every timestamp the store writes.
///
/// ```swift
/// let store = try FeedStore(path: ":memory:", clock: .fixed(Date(timeIntervalSince1970: 1_700_000_000)))
/// ```
public struct StoreClock: Sendable {
    public let now: @Sendable () -> Date

    public init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    /// The system's wall clock (the one place the store reads it).
    public static let system = StoreClock { Date() }

    /// Always the same instant.
    public static func fixed(_ date: Date) -> StoreClock { StoreClock { date } }

    /// "Now" as the store writes it: integer milliseconds since 1970.
    package var nowMilliseconds: Int64 { Int64((now().timeIntervalSince1970 * 1000).rounded()) }
}
