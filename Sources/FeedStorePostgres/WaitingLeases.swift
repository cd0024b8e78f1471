import Locking
import NIOCore
import NIOPosix

/// The leases of one store that wait for a pooled connection, each told ``LeaseEvent/waited``
/// when it has waited ``interval`` since it began or last heard, by one repeated timer on an
/// event loop that ticks while any lease waits (a quarter of ``interval`` apart) and stops when
/// none does. So a lease costs a registration, not a timer of its own: most get their connection
/// long before the first tick.
///
/// A lease is told once, then not again until it acknowledges (``heard(_:)``): a lease whose
/// task is starved of threads does not pile up waits it never had the chance to count, and give
/// up a connection the pool would have handed it.
final class WaitingLeases: Sendable {
    let interval: Duration
    /// ``interval`` as the event loop counts time.
    private let due: TimeAmount
    private let eventLoop: any EventLoop
    private let state = Locked(State())

    private struct Lease {
        var since: NIODeadline
        var told = false
        let events: AsyncStream<LeaseEvent>.Continuation
    }

    private struct State {
        var next = 0
        var waiting: [Int: Lease] = [:]
        var timer: RepeatedTask?
    }

    init(interval: Duration, eventLoop: any EventLoop = MultiThreadedEventLoopGroup.singleton.next()) {
        self.interval = interval
        due = TimeAmount(interval)
        self.eventLoop = eventLoop
    }

    deinit {
        state.withLock { $0.timer?.cancel() }
    }

    /// Starts timing a lease whose events go to `events`; returns its registration.
    func begin(_ events: AsyncStream<LeaseEvent>.Continuation) -> Int {
        let lease = Lease(since: eventLoop.now, events: events)
        return state.withLock { state in
            let id = state.next
            state.next += 1
            state.waiting[id] = lease
            if state.timer == nil {
                let tick = TimeAmount.nanoseconds(max(1, due.nanoseconds / 4))
                state.timer = eventLoop.scheduleRepeatedTask(initialDelay: tick, delay: tick) { [weak self] _ in
                    self?.tick()
                }
            }
            return id
        }
    }

    /// The lease registered as `id` took its last ``LeaseEvent/waited`` in: its next interval
    /// starts now.
    func heard(_ id: Int) {
        state.withLock { state in
            state.waiting[id]?.since = eventLoop.now
            state.waiting[id]?.told = false
        }
    }

    /// Stops timing the lease registered as `id`.
    func end(_ id: Int) {
        state.withLock { _ = $0.waiting.removeValue(forKey: id) }
    }

    private func tick() {
        let now = eventLoop.now
        let told = state.withLock { state -> [AsyncStream<LeaseEvent>.Continuation] in
            guard !state.waiting.isEmpty else {
                state.timer?.cancel()
                state.timer = nil
                return []
            }
            var told: [AsyncStream<LeaseEvent>.Continuation] = []
            for (id, lease) in state.waiting where !lease.told && now - lease.since >= due {
                state.waiting[id]?.told = true
                told.append(lease.events)
            }
            return told
        }
        for events in told { events.yield(.waited) }
    }
}
