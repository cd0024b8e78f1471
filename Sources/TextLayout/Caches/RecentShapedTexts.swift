import Locking

/// The last few texts a thread shaped, so that measuring one text again at another width (a cell
/// laid out at two widths, a stack that measures a child and then flexes it) only breaks lines
/// and does not shape again.
///
/// Shaping does not depend on the width: a ``ShapedText`` only grows (a lazily shaped one shapes
/// further words when a width asks for them, see ``LazyShaping``) and the typesetter otherwise
/// only reads it, so a second measurement from it gives exactly what shaping again would.
/// Entries are tagged with their measurer's ``TextMeasurer/id`` (never reused), so a measurer
/// never sees another's shapes; an entry of a measurer that is gone is never found again
/// and simply ages out (a shaped text does not use its measurer until it is measured).
///
/// Most recent first, ``capacity`` entries in a ``RecentList``. Not thread-safe by design: each
/// thread reaches only its own instance, through ``current``.
final class RecentShapedTexts {
    static let capacity = 8

    private var entries = RecentList<(measurer: UInt64, text: AttributedText, shaped: ShapedText)>(
        capacity: RecentShapedTexts.capacity)

    private init() {}

    /// The shaping of `text` by `measurer`, built with `shape` unless this thread has it.
    func shaped(_ text: AttributedText, measurer: UInt64, shape: () -> ShapedText) -> ShapedText {
        if let entry = entries.use(where: { $0.measurer == measurer && $0.text == text }) { return entry.shaped }
        let shaped = shape()
        entries.add((measurer, text, shaped))
        return shaped
    }

    private static let perThread = PerThread { RecentShapedTexts() }

    /// The calling thread's instance, created on first use and released when the thread exits.
    static var current: RecentShapedTexts { perThread.current }
}
