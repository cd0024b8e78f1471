/// A stretch of text shaped in one face: an attribute run (``TextRun``), or the part of one
/// that ``FontFallback`` sets in one font of the cascade.
struct FontRun: Hashable, Sendable {
    /// UTF-8 offsets in the text.
    var range: Range<Int>
    var attributes: TextAttributes
    /// The cascade slot (``FontCascade``): 0 for the primary face of the run's weight.
    var slot: UInt8

    init(range: Range<Int>, attributes: TextAttributes, slot: UInt8 = 0) {
        self.range = range
        self.attributes = attributes
        self.slot = slot
    }

    init(_ run: TextRun) {
        self.init(range: run.range, attributes: run.attributes)
    }
}
