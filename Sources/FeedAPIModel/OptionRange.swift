/// The documented range of a numeric option (the table "Ranges of numeric options" in
/// `docs/user-guide.md`): a command's `validate()` checks each of its numeric options against
/// one of these, so a value outside it fails with status 64 and one `error:` line naming the
/// option before any work starts; the HTTP service checks its query parameters against the same
/// ranges (`width`, `scale`, `limit`), so the same values are accepted on both sides.
///
/// The bounds keep every accepted value away from what would trap or allocate without limit
/// (an `Int64` of milliseconds, an `Int32` busy timeout, a drawing of `columns²` characters)
/// and from cells that Texture's validity rules turn into 0 × 0 layouts: a width or a pixel
/// grid that puts a cell's size at 10,000,000 points or more, or rounds it to infinity.
///
/// ```swift
/// OptionRange.limit.violation(0)  // "--limit must be from 1 to 10000, not 0"
/// try OptionRange.limit.check(limit)  // a command: the same text as its usage error
/// ```
package struct OptionRange<Value: Comparable & Sendable>: Sendable {
    /// The option as typed, e.g. `--limit`.
    package var name: String
    package var bounds: ClosedRange<Value>
    /// What the numbers count ("points", "seconds"), or empty.
    package var unit: String = ""

    package init(name: String, bounds: ClosedRange<Value>, unit: String = "") {
        self.name = name
        self.bounds = bounds
        self.unit = unit
    }

    /// The usage error's text for `value` outside ``bounds`` (or not a number: NaN), or nil
    /// for a value inside them (the CLI throws it as its `ValidationError`).
    package func violation(_ value: Value) -> String? {
        guard bounds.contains(value) else {
            let unit = unit.isEmpty ? "" : " \(unit)"
            return "\(name) must be from \(Self.text(bounds.lowerBound)) to "
                + "\(Self.text(bounds.upperBound))\(unit), not \(Self.text(value))"
        }
        return nil
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
}

extension OptionRange<Int> {
    /// `feed --limit`: photos per page.
    package static let limit = OptionRange(name: "--limit", bounds: 1 ... 10_000)
}
