import CHarfBuzz

/// A ``FontCollection``'s faces by slot, as ``BorrowedFace`` values: slot 0 is the primary face
/// of each weight, slot `k` the `k`-th ``FallbackFont``. What ``FontFallback`` asks about
/// coverage and what shaping reads for a fallback run.
///
/// Sendable: immutable after `init`; the collection keeps the faces alive.
final class FontCascade: Sendable {
    private let regular: [BorrowedFace]
    private let bold: [BorrowedFace]

    init(regular: FontFace, bold: FontFace, fallbacks: [FallbackFont]) {
        self.regular = [BorrowedFace(regular)] + fallbacks.map { BorrowedFace($0.regular) }
        self.bold = [BorrowedFace(bold)] + fallbacks.map { BorrowedFace($0.bold) }
    }

    /// The number of slots (1 + the number of fallback fonts).
    var count: Int { regular.count }

    @inline(__always)
    func face(slot: Int, weight: FontWeight) -> BorrowedFace {
        weight == .bold ? bold[slot] : regular[slot]
    }
}
