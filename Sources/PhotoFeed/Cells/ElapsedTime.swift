/// ASDKgram's elapsed-time label (`Utilities.m`): the largest whole unit between an upload and
/// "now", counted in seconds, minutes, hours and days (a day is 86,400 seconds: the reference
/// time is UTC).
///
/// - more than 7 days: `⌈days ÷ 7⌉` weeks, "2w" for 8 to 14 days, "64w" for 446;
/// - else whole days ("7d"), else hours ("5h"), minutes ("3m"), seconds ("12s");
/// - no time at all reads "1s"; so does an upload after "now" (no negative labels).
public struct ElapsedTime: Hashable, Sendable {
    /// Whole seconds elapsed, never negative.
    public var seconds: Int64

    public init(milliseconds: Int64) {
        seconds = max(0, milliseconds / 1000)
    }

    public var label: String {
        let days = seconds / 86_400, hours = seconds / 3600, minutes = seconds / 60
        if days > 7 { return "\((days + 6) / 7)w" }
        if days > 0 { return "\(days)d" }
        if hours > 0 { return "\(hours)h" }
        if minutes > 0 { return "\(minutes)m" }
        if seconds > 0 { return "\(seconds)s" }
        return "1s"
    }
}
