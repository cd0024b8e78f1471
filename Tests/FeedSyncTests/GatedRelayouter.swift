import FeedSync
import Synchronization

/// A stand-in for the cells whose first pass waits until ``open()``: tests hold a layout pass
/// while the worker or the queue goes on. Records every call's marks (when its inputs are read)
/// and how many passes ran at once; reports one relayout per photo and one height change per
/// pass; the pass numbered `failsOnCall` (from 1) throws ``GatedRelayouterFailure`` once released.
final class GatedRelayouter: CellRelayouting {
    private let state = Mutex<(calls: [[MarkedCell]], events: [String], running: Int, maxRunning: Int)>(([], [], 0, 0))
    private let started = AsyncStream<Void>.makeStream()
    private let gate = AsyncStream<Void>.makeStream()
    private let reads = AsyncStream<Int>.makeStream()
    let failsOnCall: Int?

    init(failsOnCall: Int? = nil) {
        self.failsOnCall = failsOnCall
    }

    /// Every call's photo ids.
    var calls: [[Int64]] { markedCells.map { $0.map(\.photoID) } }
    /// Every call's marks.
    var markedCells: [[MarkedCell]] { state.withLock { $0.calls } }
    var maxRunning: Int { state.withLock { $0.maxRunning } }
    /// "read N" when call N's inputs are read, "run N" when its pass starts, "ran N" when it ends.
    var events: [String] { state.withLock { $0.events } }

    func open() { gate.continuation.yield() }

    /// Returns once the first call has been made (and is waiting for ``open()``).
    func firstCallStarted() async {
        var iterator = started.stream.makeAsyncIterator()
        _ = await iterator.next()
    }

    /// Returns once call `number`'s inputs have been read.
    func callRead(_ number: Int) async {
        for await call in reads.stream where call >= number { return }
    }

    func prepareRelayout(_ cells: [MarkedCell]) throws -> RelayoutPass {
        let call = state.withLock { state in
            state.calls.append(cells)
            state.events.append("read \(state.calls.count)")
            return state.calls.count
        }
        reads.continuation.yield(call)
        return RelayoutPass { [self] in
            state.withLock { state in
                state.events.append("run \(call)")
                state.running += 1
                state.maxRunning = max(state.maxRunning, state.running)
            }
            if call == 1 {
                started.continuation.yield()
                var iterator = gate.stream.makeAsyncIterator()
                _ = await iterator.next()
            }
            state.withLock { state in
                state.running -= 1
                state.events.append("ran \(call)")
            }
            if call == failsOnCall { throw GatedRelayouterFailure() }
            return RelayoutSummary(relayouts: cells.count, heightChanges: 1)
        }
    }
}

struct GatedRelayouterFailure: Error {}
