import Foundation
import Synchronization

/// A second client beside a load: GET `/healthz` on one keep-alive connection
/// (``LoopbackHTTPClient``), one request at a time, one every `interval` (the wait between two
/// requests is the interval less the request's own time), on a thread of its own, from
/// ``start()`` to ``stop()``. Each request's latency is kept; a failed request (a status other
/// than 200, a timeout, a closed connection) is counted and the connection opened again.
public final class HealthProbe: Sendable {
    /// What the probe measured: latencies in milliseconds, and the failed requests.
    public struct Samples: Sendable {
        public var milliseconds: [Double]
        public var failures: Int

        /// The `p` quantile (0…1), nearest rank; NaN without samples.
        public func percentile(_ p: Double) -> Double {
            guard !milliseconds.isEmpty else { return .nan }
            let sorted = milliseconds.sorted()
            return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
        }
    }

    private let port: Int
    private let path: String
    private let interval: Double
    private let stopping = Atomic<Bool>(false)
    private let samples = Mutex(Samples(milliseconds: [], failures: 0))
    private let finished = DispatchSemaphore(value: 0)

    public init(port: Int, path: String = "/healthz", interval: Double = 0.010) {
        self.port = port
        self.path = path
        self.interval = interval
    }

    public func start() {
        let thread = Thread { [self] in
            run()
            finished.signal()
        }
        thread.name = "health probe"
        thread.start()
    }

    /// Stops the probe after its request in flight; what it measured.
    public func stop() -> Samples {
        stopping.store(true, ordering: .relaxed)
        finished.wait()
        return samples.withLock { $0 }
    }

    private func run() {
        var client: LoopbackHTTPClient?
        while !stopping.load(ordering: .relaxed) {
            let start = DispatchTime.now().uptimeNanoseconds
            do {
                if client == nil { client = try LoopbackHTTPClient(port: port) }
                let status = try client!.get(path).status
                let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
                samples.withLock { samples in
                    if status == 200 { samples.milliseconds.append(elapsed) } else { samples.failures += 1 }
                }
            } catch {
                client = nil
                samples.withLock { $0.failures += 1 }
            }
            let spent = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            if spent < interval { Thread.sleep(forTimeInterval: interval - spent) }
        }
    }
}
