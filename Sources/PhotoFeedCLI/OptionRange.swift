import ArgumentParser

/// The documented range of a numeric option (the table "Ranges of numeric options" in
/// `docs/user-guide.md`): a command's `validate()` checks each of its numeric options against
/// one of these, so a value outside it fails with status 64 and one `error:` line naming the
/// option before any work starts.
///
/// The bounds keep every accepted value away from what would trap or allocate without limit
/// (an `Int64` of milliseconds, an `Int32` busy timeout, a drawing of `columns²` characters)
/// and from cells that Texture's validity rules turn into 0 × 0 layouts: a width or a pixel
/// grid that puts a cell's size at 10,000,000 points or more, or rounds it to infinity.
///
/// ```swift
/// try OptionRange.limit.check(limit)  // "--limit must be from 1 to 10000, not 0"
/// ```
package struct OptionRange<Value: Comparable & Sendable>: Sendable {
    /// The option as typed, e.g. `--limit`.
    package var name: String
    package var bounds: ClosedRange<Value>
    /// What the numbers count ("points", "seconds"), or empty.
    package var unit: String = ""

    /// Throws the usage error for `value` outside ``bounds`` (or not a number: NaN).
    package func check(_ value: Value) throws {
        guard bounds.contains(value) else {
            let unit = unit.isEmpty ? "" : " \(unit)"
            throw ValidationError("\(name) must be from \(Self.text(bounds.lowerBound)) to "
                                  + "\(Self.text(bounds.upperBound))\(unit), not \(Self.text(value))")
        }
    }

    /// A bound or value as typed: `10000`, not `10000.0`.
    private static func text(_ value: Value) -> String {
        let text = "\(value)"
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}

extension OptionRange<Double> {
    /// `--width`: a cell of 10,000 points is wider than any screen, and keeps a cell with a
    /// tall photo below Texture's 10,000,000-point limit.
    package static let width = OptionRange(name: "--width", bounds: 1 ... 10_000, unit: "points")
    /// `--scale`: device pixels per point; the pixel grid of a scale far from 1 rounds sizes to
    /// nothing or to infinity.
    package static let scale = OptionRange(name: "--scale", bounds: 0.5 ... 10)
    /// `--busy-timeout`: SQLite counts the wait in milliseconds in a 32-bit integer.
    package static let busyTimeout = OptionRange(name: "--busy-timeout", bounds: 0 ... 86_400, unit: "seconds")
    /// `sync --duration`: a billion seconds, about 31 years of the clock's time.
    package static let duration = OptionRange(name: "--duration", bounds: 0.001 ... 1_000_000_000, unit: "seconds")
    /// `sync --failure-rate`: a probability.
    package static let failureRate = OptionRange(name: "--failure-rate", bounds: 0 ... 1)
}

extension OptionRange<Int> {
    /// `feed --limit`: photos per page.
    package static let limit = OptionRange(name: "--limit", bounds: 1 ... 10_000)
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
