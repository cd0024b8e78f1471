/// Number printing shared by the renderers: deterministic and exact.
enum RenderNumber {
    /// The shortest decimal that reads back as `value` (Swift's own `description`), with integral
    /// values printed without ".0" and negative zero as "0". Non-finite values, which no frame
    /// holds, print as "0" so an SVG or CSS document stays valid.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        if value == 0 { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return value.description
    }

    /// `value` rounded to at most `decimals` fraction digits, then printed by ``format(_:)``
    /// (tables, where 412.333… reads better as 412.3).
    static func format(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
        var factor = 1.0
        for _ in 0..<max(0, decimals) { factor *= 10 }
        return format((value * factor).rounded() / factor)
    }
}
