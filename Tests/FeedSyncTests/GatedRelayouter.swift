import FeedSync
import Synchronization

/// A stand-in for the cells whose first call waits until ``open()``: tests hold a layout pass
/// while the worker or the queue goes on. Records every call's photo ids and how many calls ran
/// at once; reports one relayout per photo and one height change per call; the call numbered
/// `failsOnCall` (from 1) throws ``GatedRelayouterFailure`` once released.
final class GatedRelayouter: CellRelayouting {
    private let state = Mutex<(calls: [[MarkedCell]], running: Int, maxRunning: Int)>(([], 0, 0))
    private let started = AsyncStream<Void>.makeStream()
    private let gate = AsyncStream<Void>.makeStream()
    let failsOnCall: Int?

    init(failsOnCall: Int? = nil) {
        self.failsOnCall = failsOnCall
    }

    /// Every call's photo ids.
    var calls: [[Int64]] { markedCells.map { $0.map(\.photoID) } }
    /// Every call's marks.
    var markedCells: [[MarkedCell]] { state.withLock { $0.calls } }
    var maxRunning: Int { state.withLock { $0.maxRunning } }

    func open() { gate.continuation.yield() }

    /// Returns once the first call has been made (and is waiting for ``open()``).
    func firstCallStarted() async {
        var iterator = started.stream.makeAsyncIterator()
        _ = await iterator.next()
    }

    func relayoutCells(_ cells: [MarkedCell]) async throws -> RelayoutSummary {
        let call = state.withLock { state in
            state.calls.append(cells)
            state.running += 1
            state.maxRunning = max(state.maxRunning, state.running)
            return state.calls.count
        }
        if call == 1 {
            started.continuation.yield()
            var iterator = gate.stream.makeAsyncIterator()
            _ = await iterator.next()
        }
        state.withLock { $0.running -= 1 }
        if call == failsOnCall { throw GatedRelayouterFailure() }
        return RelayoutSummary(relayouts: cells.count, heightChanges: 1)
    }
}

struct GatedRelayouterFailure: Error {}
