extension FeedSession {
    /// Runs the session `configuration` describes over a source from `makeSource`; with
    /// ``FeedSessionConfiguration/prefetchLayouts``, also runs it again without precomputed
    /// layouts, over a new source, and reports how much shift the precomputed layouts saved.
    ///
    /// Both runs see the same feed and the same simulated daemon (the same seed), so the
    /// difference is the precomputed heights' alone.
    public static func run(configuration: FeedSessionConfiguration, parallelism: Int? = nil,
                           makeSource: () throws -> any FeedSessionSource) throws -> SessionReport {
        let session = FeedSession(source: try makeSource(), configuration: configuration, parallelism: parallelism)
        var report = try session.run()
        guard configuration.prefetchLayouts else { return report }
        var plain = configuration
        plain.prefetchLayouts = false
        let baseline = try FeedSession(source: try makeSource(), configuration: plain, parallelism: parallelism).run()
        let without = baseline.totals.cumulativeShift, with = report.totals.cumulativeShift
        report.prefetch = PrefetchComparison(cumulativeShiftWithout: without, cumulativeShiftWith: with,
                                             saved: without - with,
                                             cellsWithPrecomputedHeight: session.cellsWithPrecomputedHeight)
        return report
    }
}
