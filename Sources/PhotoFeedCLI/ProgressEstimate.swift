/// How far a long job has come and when it will end, for the progress drawn on a terminal:
/// `45% · ETA 1 min 20 s`, from the work done, the work in all and the seconds taken so far,
/// assuming the rate so far holds.
///
/// No estimate is given before any work is done or once all of it is; a job whose total grows
/// (new sync jobs arriving) simply estimates again from the new total.
///
/// ```swift
/// ProgressEstimate(done: 450, total: 1000, elapsed: 9).text  // "45% · ETA 11 s"
/// ```
struct ProgressEstimate: Equatable {
    var done: Int
    var total: Int
    /// Seconds since the job started.
    var elapsed: Double

    /// Whole percent done, 0…100 (100 for a job with nothing to do).
    var percent: Int {
        guard total > 0 else { return 100 }
        return min(100, max(0, done) * 100 / total)
    }

    /// Seconds left at the rate so far, or nil when there is no rate yet or nothing left.
    var remaining: Double? {
        guard done > 0, total > done, elapsed > 0, elapsed.isFinite else { return nil }
        return elapsed * Double(total - done) / Double(done)
    }

    /// `45% · ETA 11 s`, or `45%` without an estimate.
    var text: String {
        "\(percent)%" + (remaining.map { " · ETA \(Self.duration($0))" } ?? "")
    }

    /// A duration as a reader wants it on a progress line: `8 s`, `1 min 20 s`, `2 h 05 min`.
    static func duration(_ seconds: Double) -> String {
        let total = Int(min(seconds, 359_999).rounded(.up))
        let (hours, minutes, rest) = (total / 3600, total % 3600 / 60, total % 60)
        if hours > 0 { return "\(hours) h \(minutes < 10 ? "0" : "")\(minutes) min" }
        if minutes > 0 { return "\(minutes) min \(rest) s" }
        return "\(rest) s"
    }
}
