import Dispatch
import Foundation

/// Turns SIGINT and SIGTERM into a call of `stop` (once), so the daemon can finish its write in
/// flight and exit 0 instead of dying mid-way.
///
/// The default dispositions are ignored first (`SIG_IGN`), then dispatch sources deliver the
/// signals on a private queue. ``cancel()`` removes the sources and restores the defaults.
final class SyncSignalHandler {
    private static let signals: [Int32] = [SIGINT, SIGTERM]
    private let sources: [any DispatchSourceSignal]

    init(stop: @escaping @Sendable () -> Void) {
        let queue = DispatchQueue(label: "photofeed.sync.signals")
        sources = Self.signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler(handler: stop)
            source.resume()
            return source
        }
    }

    func cancel() {
        for source in sources { source.cancel() }
        for number in Self.signals { signal(number, SIG_DFL) }
    }
}
