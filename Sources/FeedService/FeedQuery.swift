import FeedAPIModel
import FeedModel
import Hummingbird

/// The query of a feed or photo request, `?width=W&scale=S&limit=N&after=CURSOR`, read and
/// checked against the ranges the CLI checks its options with (``OptionRange``, in FeedAPIModel):
/// the same values the same options accept.
///
/// A missing `width` is an error (the CLI's `--width` is required too); `scale` defaults to 2
/// and `limit` to 20, as in the CLI. A value that is not a number, or a number outside its
/// range, throws a ``ProblemDocument`` naming the parameter. Unknown parameters are ignored.
struct FeedQuery: Hashable, Sendable {
    var width: Double
    var scale: Double = 2
    var limit: Int = 20
    var after: FeedCursor?

    init(width: Double, scale: Double = 2, limit: Int = 20, after: FeedCursor? = nil) {
        self.width = width
        self.scale = scale
        self.limit = limit
        self.after = after
    }

    /// Reads `width` and `scale` (and with `paging`, `limit` and `after`) through `parameter`,
    /// which gives a query parameter's value by name, or nil when the query lacks it.
    init(paging: Bool, parameter: @escaping (String) -> Substring?) throws(ProblemDocument) {
        let parameters = Lookup(parameter: parameter)
        guard let width = parameters["width"] else {
            throw .badParameter("width", "width is required: the cell width in points, from 1 to 10000")
        }
        self.width = try Self.number("width", String(width), range: OptionRange.width)
        if let scale = parameters["scale"] {
            self.scale = try Self.number("scale", String(scale), range: OptionRange.scale)
        }
        guard paging else { return }
        if let limit = parameters["limit"] {
            guard let value = Int(limit) else {
                throw .badParameter("limit", "limit must be a whole number, not \"\(Self.shown(limit))\"")
            }
            try Self.check("limit", value, range: OptionRange.limit)
            self.limit = value
        }
        if let after = parameters["after"] {
            do {
                self.after = try FeedCursor(encoded: String(after))
            } catch {
                throw .badParameter("after", "after must be a \"next\" cursor of an earlier page: \(error)")
            }
        }
    }

    private struct Lookup {
        var parameter: (String) -> Substring?
        subscript(_ name: String) -> Substring? { parameter(name) }
    }

    /// A parameter's text as a message quotes it: a NUL byte as `\0`.
    private static func shown(_ text: some StringProtocol) -> String {
        text.replacingOccurrences(of: "\0", with: "\\0")
    }

    private static func number(_ name: String, _ text: String, range: OptionRange<Double>) throws(ProblemDocument)
        -> Double {
        // Double(_:) reads a C string: it would stop at a NUL byte and take "375\0abc" for 375.
        guard !text.contains("\0"), let value = Double(text), value.isFinite else {
            throw .badParameter(name, "\(name) must be a number, not \"\(shown(text))\"")
        }
        try check(name, value, range: range)
        return value
    }

    /// The CLI's range check, with the parameter's name in place of the option's.
    private static func check<Value>(_ name: String, _ value: Value, range: OptionRange<Value>)
        throws(ProblemDocument) {
        if let violation = range.violation(value) {
            throw .badParameter(name, violation.replacingOccurrences(of: range.name, with: name))
        }
    }
}
