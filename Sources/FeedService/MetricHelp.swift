/// The `# HELP` text of every metric the service exposes. swift-metrics has no place for help
/// text, so ``annotate(_:)`` adds it to the registry's exposition, before each `# TYPE` line.
enum MetricHelp {
    static let texts: [String: String] = [
        "photofeed_http_requests_total": "Requests answered, by route template, method and status.",
        "photofeed_http_request_duration_seconds": "Time to answer a request, by route template, method and status.",
        "photofeed_layout_cache_hits_total": "Cells whose layout was read from the layout cache.",
        "photofeed_layout_cache_misses_total": "Cells whose layout was missing or stale in the layout cache.",
        "photofeed_layouts_computed_total": "Cells laid out and stored.",
        "photofeed_response_cache_hits_total": "Responses answered from memory, without reading the database.",
        "photofeed_change_subscribers": "Clients following the change stream (GET /v1/changes).",
        "photofeed_change_events_sent_total": "Change-stream events written to clients (cells and resets).",
        "photofeed_sync_completed": "Jobs the in-process sync daemon completed since it started.",
        "photofeed_sync_failed": "Jobs the in-process sync daemon gave up on since it started.",
        "photofeed_sync_retried": "Attempts the in-process sync daemon retried since it started.",
        "photofeed_sync_pending": "Jobs waiting for the in-process sync daemon.",
        "photofeed_sync_relayouts": "Cells the in-process sync daemon laid out again since it started.",
        "photofeed_sync_jobs": "Sync jobs in the database by kind and state, whichever processes run the workers.",
    ]

    /// `exposition` with a `# HELP` line before each `# TYPE` line of a metric in ``texts``.
    static func annotate(_ exposition: [UInt8]) -> String {
        var lines: [Substring] = []
        let text = String(decoding: exposition, as: UTF8.self)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("# TYPE "), let name = line.dropFirst(7).split(separator: " ").first,
               let help = texts[String(name)] {
                lines.append("# HELP \(name) \(help)")
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
