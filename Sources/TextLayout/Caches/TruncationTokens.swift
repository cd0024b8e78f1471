import Locking

/// The widths of truncation strings a thread has shaped, so that cutting the last line of one
/// caption after another does not shape "…" anew each time.
///
/// A token's width and line metrics depend only on the token, its attributes and the fonts, and
/// a word cache belongs to one measurer and its fonts; so entries are keyed by the word cache's
/// ``WordShapeCache/id`` (never reused), the token and the attributes, and the values are what
/// shaping the token gives (a hit returns exactly the same numbers). Most recent first,
/// ``capacity`` entries in a ``RecentList``. Not thread-safe by design: each thread reaches only
/// its own instance, through ``current``.
final class TruncationTokens {
    static let capacity = 8

    struct Shaped {
        var width: Double
        var metrics: LineMetrics
    }

    private var entries = RecentList<(cache: UInt64, token: String, attributes: TextAttributes, shaped: Shaped)>(
        capacity: TruncationTokens.capacity)

    private init() {}

    /// `token` in `attributes` as measured with `wordCache`, shaped with `shape` unless this
    /// thread has it.
    func shaped(_ token: String, attributes: TextAttributes, wordCache: BorrowedWordCache,
                shape: () -> Shaped) -> Shaped {
        if let entry = entries.use(where: {
            $0.cache == wordCache.id && $0.attributes == attributes && $0.token == token
        }) {
            return entry.shaped
        }
        let shaped = shape()
        entries.add((wordCache.id, token, attributes, shaped))
        return shaped
    }

    private static let perThread = PerThread { TruncationTokens() }

    /// The calling thread's instance, created on first use and released when the thread exits.
    static var current: TruncationTokens { perThread.current }
}
