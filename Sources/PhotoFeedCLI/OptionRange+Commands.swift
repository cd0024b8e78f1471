import ArgumentParser
import FeedAPIModel

extension OptionRange {
    /// Throws the usage error for `value` outside ``bounds`` (or not a number: NaN).
    package func check(_ value: Value) throws {
        if let violation = violation(value) { throw ValidationError(violation) }
    }
}

/// The ranges of the options only commands have (the feed's `width`, `scale` and `limit`, which
/// the HTTP service shares, are with ``OptionRange`` in FeedAPIModel).
extension OptionRange<Double> {
    /// `--busy-timeout`: SQLite counts the wait in milliseconds in a 32-bit integer.
    package static let busyTimeout = OptionRange(name: "--busy-timeout", bounds: 0 ... 86_400, unit: "seconds")
    /// `sync --duration`: a billion seconds, about 31 years of the clock's time.
    package static let duration = OptionRange(name: "--duration", bounds: 0.001 ... 1_000_000_000, unit: "seconds")
    /// `sync --failure-rate`: a probability.
    package static let failureRate = OptionRange(name: "--failure-rate", bounds: 0 ... 1)
}

extension OptionRange<Int> {
    /// `jobs --limit`: failed jobs listed.
    package static let jobsLimit = OptionRange(name: "--limit", bounds: 1 ... 1_000_000)
    /// `layout show --columns`: the drawing's rows grow with its columns.
    package static let columns = OptionRange(name: "--columns", bounds: 4 ... 1_000)
    /// `seed --generate`: photos written in one transaction.
    package static let generate = OptionRange(name: "--generate", bounds: 1 ... 1_000_000)
    /// `sync --concurrency`: attempts running at once.
    package static let concurrency = OptionRange(name: "--concurrency", bounds: 1 ... 1_024)
    /// `sync --max-attempts`: attempts per job; each failed one waits its backoff first.
    package static let maxAttempts = OptionRange(name: "--max-attempts", bounds: 1 ... 100)
    /// `sync --batch-size`: completions per transaction.
    package static let batchSize = OptionRange(name: "--batch-size", bounds: 1 ... 100_000)
}
