@testable import FeedStorePostgres
import LayoutTestSupport
import NIOCore
import NIOEmbedded
import Testing

/// A store's waiting leases are timed by one repeated timer (``WaitingLeases``), here on a
/// testing event loop whose time the test moves: each lease is told it waited once per interval
/// since it began or last heard, never again before it hears, and not after it ended. The suite
/// blocks nothing, so it stays off the blocking-work threads (`TestSuiteRulesTests`).
@Suite("Waiting leases", .timeLimit(minutes: 1))
struct WaitingLeasesTests {
    /// Something the test itself posts after the timer's events, to tell "nothing yet" from an
    /// event without waiting for one.
    struct Mark: Error {}

    /// The events `events` got so far: the test posts ``Mark`` on `post` and reads up to it.
    static func received(_ events: inout AsyncStream<LeaseEvent>.Iterator,
                         _ post: AsyncStream<LeaseEvent>.Continuation) async -> [String] {
        post.yield(.failed(Mark()))
        var seen: [String] = []
        while let event = await events.next() {
            switch event {
            case .waited: seen.append("waited")
            case .leased: seen.append("leased")
            case .failed(let error): if error is Mark { return seen } else { seen.append("failed") }
            }
        }
        return seen
    }

    /// Moves `loop` 300 ms on, when the lease must have heard nothing yet, then 100 ms more, to
    /// the end of its 400 ms interval, when it must have been told once.
    static func expectToldAtTheEndOfItsInterval(_ loop: NIOAsyncTestingEventLoop,
                                                _ events: inout AsyncStream<LeaseEvent>.Iterator,
                                                _ post: AsyncStream<LeaseEvent>.Continuation,
                                                sourceLocation: SourceLocation = #_sourceLocation) async {
        await loop.advanceTime(by: .milliseconds(300))
        #expect(await received(&events, post) == [], sourceLocation: sourceLocation)
        await loop.advanceTime(by: .milliseconds(100))
        #expect(await received(&events, post) == ["waited"], sourceLocation: sourceLocation)
    }

    @Test func aLeaseIsToldOncePerIntervalAndNotAgainBeforeItHears() async throws {
        let loop = NIOAsyncTestingEventLoop()
        let leases = WaitingLeases(interval: .milliseconds(400), eventLoop: loop)
        let (stream, post) = AsyncStream<LeaseEvent>.makeStream()
        var events = stream.makeAsyncIterator()
        let lease = leases.begin(post)

        await Self.expectToldAtTheEndOfItsInterval(loop, &events, post)
        // Not heard: however long it goes on, it is not told again.
        await loop.advanceTime(by: .seconds(2))
        #expect(await Self.received(&events, post) == [])

        // Heard: the next interval starts then.
        leases.heard(lease)
        await Self.expectToldAtTheEndOfItsInterval(loop, &events, post)

        // Ended: never told again.
        leases.heard(lease)
        leases.end(lease)
        await loop.advanceTime(by: .seconds(2))
        #expect(await Self.received(&events, post) == [])
        await loop.shutdownGracefully()
    }

    @Test func eachLeaseIsTimedFromItsOwnStartAndTheTimerStopsWhenNoneWaits() async throws {
        let loop = NIOAsyncTestingEventLoop()
        let leases = WaitingLeases(interval: .milliseconds(400), eventLoop: loop)
        let (firstStream, first) = AsyncStream<LeaseEvent>.makeStream()
        let (secondStream, second) = AsyncStream<LeaseEvent>.makeStream()
        var firstEvents = firstStream.makeAsyncIterator(), secondEvents = secondStream.makeAsyncIterator()

        let early = leases.begin(first)
        await loop.advanceTime(by: .milliseconds(200))
        let late = leases.begin(second)
        await loop.advanceTime(by: .milliseconds(200))
        #expect(await Self.received(&firstEvents, first) == ["waited"])
        #expect(await Self.received(&secondEvents, second) == [])
        await loop.advanceTime(by: .milliseconds(200))
        #expect(await Self.received(&secondEvents, second) == ["waited"])

        // With none waiting the timer stops; a lease that begins later starts it again.
        leases.end(early)
        leases.end(late)
        await loop.advanceTime(by: .seconds(1))
        let (thirdStream, third) = AsyncStream<LeaseEvent>.makeStream()
        var thirdEvents = thirdStream.makeAsyncIterator()
        let again = leases.begin(third)
        await Self.expectToldAtTheEndOfItsInterval(loop, &thirdEvents, third)
        leases.end(again)
        await loop.shutdownGracefully()
    }
}
