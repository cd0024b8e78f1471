import FeedModel
import Foundation
import Locking
import Metrics
import Prometheus

/// The service's metrics, made through swift-metrics with a factory of their own (not the
/// process-wide bootstrap, so that each service and each test has its own registry) and written
/// by `GET /metrics` in Prometheus' text format.
///
/// - `photofeed_http_requests_total{route,method,status}` and
///   `photofeed_http_request_duration_seconds{route,method,status}` (a histogram): per route
///   template (`/v1/photos/{id}`, not the id), so the label set stays small.
/// - `photofeed_layout_cache_hits_total`, `photofeed_layout_cache_misses_total`: the layout
///   cache's outcomes of the cells laid out or read for a response; `photofeed_layouts_computed_total`:
///   cells laid out; `photofeed_response_cache_hits_total`: responses served from memory
///   (``ResponseCache``), whose cells were not read again.
/// - `photofeed_change_subscribers`: clients of `GET /v1/changes` now;
///   `photofeed_change_events_sent_total`: the events written to them (``ChangeHub``).
/// - `photofeed_sync_completed`, `_failed`, `_retried`, `_pending`, `_relayouts` (gauges of the
///   run's totals): the sync daemon's counts, when it runs in the process (`serve --with-sync`).
/// - `photofeed_sync_jobs{kind,state}`: the job queue as the database holds it, read at each
///   scrape, whichever processes run its workers (``recordJobCounts(_:)``).
/// - `photofeed_sync_worker_*_total{worker}`: each sync worker's running totals as its commits
///   recorded them in the database, read at each scrape, whichever process runs the worker
///   (``recordWorkerCounts(_:)``, ``SyncWorkerMetrics``).
/// - The process's metrics (``ProcessMetrics``: CPU, memory, descriptors, start time) and
///   `photofeed_build_info`.
///
/// Every metric has a `# HELP` line (``MetricHelp``).
final class ServiceMetrics: Sendable {
    let registry: PrometheusCollectorRegistry
    let factory: PrometheusMetricsFactory
    let cacheHits: Metrics.Counter
    let cacheMisses: Metrics.Counter
    let layoutsComputed: Metrics.Counter
    let responseCacheHits: Metrics.Counter
    let changeSubscribers: Metrics.Meter
    let changeEventsSent: Metrics.Counter
    /// When the service started, in seconds since 1970 (`process_start_time_seconds`).
    let startTime = Date().timeIntervalSince1970
    private let requests = Locked<[RequestKey: (count: Metrics.Counter, duration: Metrics.Timer)]>([:])
    /// The `photofeed_sync_jobs` gauge of each kind and state seen so far.
    private let jobGauges = Locked<[JobGaugeKey: Metrics.Gauge]>([:])
    /// The sync workers' totals as the last scrape read them.
    private let workerCounts = Locked<[SyncWorkerCounts]>([])

    struct JobGaugeKey: Hashable {
        var kind: String
        var state: String
    }

    struct RequestKey: Hashable {
        var route: String
        var method: String
        var status: Int
    }

    init() {
        registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = [
            .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2),
            .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
            .milliseconds(250), .milliseconds(1000),
        ]
        self.factory = factory
        cacheHits = Metrics.Counter(label: "photofeed_layout_cache_hits_total", factory: factory)
        cacheMisses = Metrics.Counter(label: "photofeed_layout_cache_misses_total", factory: factory)
        layoutsComputed = Metrics.Counter(label: "photofeed_layouts_computed_total", factory: factory)
        responseCacheHits = Metrics.Counter(label: "photofeed_response_cache_hits_total", factory: factory)
        changeSubscribers = Metrics.Meter(label: "photofeed_change_subscribers", factory: factory)
        changeEventsSent = Metrics.Counter(label: "photofeed_change_events_sent_total", factory: factory)
    }

    /// Counts one request that ended with `status` after `nanoseconds`.
    func recordRequest(route: String, method: String, status: Int, nanoseconds: Int64) {
        let key = RequestKey(route: route, method: method, status: status)
        let metrics = requests.withLock { requests in
            if let existing = requests[key] { return existing }
            let dimensions = [("route", route), ("method", method), ("status", String(status))]
            let made = (count: Metrics.Counter(label: "photofeed_http_requests_total", dimensions: dimensions,
                                       factory: factory),
                        duration: Metrics.Timer(label: "photofeed_http_request_duration_seconds",
                                                dimensions: dimensions, factory: factory))
            requests[key] = made
            return made
        }
        metrics.count.increment()
        metrics.duration.recordNanoseconds(nanoseconds)
    }

    /// A gauge of the in-process sync daemon's, `photofeed_sync_<name>`.
    func syncGauge(_ name: String) -> Metrics.Gauge {
        Metrics.Gauge(label: "photofeed_sync_\(name)", factory: factory)
    }

    /// Sets `photofeed_sync_jobs{kind,state}` to `counts`; a kind and state seen before and
    /// absent now (its last job moved on) goes to 0.
    func recordJobCounts(_ counts: [JobStateCount]) {
        let values = Dictionary(counts.map { (JobGaugeKey(kind: $0.kind, state: $0.state), $0.count) }, uniquingKeysWith: +)
        let gauges = jobGauges.withLock { gauges in
            for key in values.keys where gauges[key] == nil {
                gauges[key] = Metrics.Gauge(label: "photofeed_sync_jobs", dimensions: [("kind", key.kind), ("state", key.state)],
                                            factory: factory)
            }
            return gauges
        }
        for (key, gauge) in gauges { gauge.record(values[key] ?? 0) }
    }

    /// Sets the sync workers' counters (``SyncWorkerMetrics``) to `counts`, the database's now.
    func recordWorkerCounts(_ counts: [SyncWorkerCounts]) {
        workerCounts.withLock { $0 = counts }
    }

    /// Everything, in Prometheus' text exposition format.
    func exposition() -> [UInt8] {
        let workers = SyncWorkerMetrics.exposition(workerCounts.withLock { $0 })
        return Array((MetricHelp.annotate(registry.emitToBuffer()) + workers
                      + ProcessMetrics.exposition(startTime: startTime)).utf8)
    }
}
