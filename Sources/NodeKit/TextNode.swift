import LayoutCore
import Synchronization
import TextLayout

/// A node that shows attributed text (Texture's `ASTextNode`): it measures itself with the text
/// engine and takes part in baseline alignment.
///
/// Measuring (manual path): the text is laid out against the resolved range's max width, at the
/// layout context's scale, and the used size is ceiled to that scale's pixel grid as Texture's
/// `ASCeilSizeValues` does, then clamped into the range. The text engine is reached only through
/// ``TextMeasuring`` (the shared ``TextMeasurer`` by default), so tests can substitute a fake.
///
/// Baselines: setting the text writes the style's `ascender` from the first character's font and
/// its `descender` from the last character's (Texture's rule); every measurement then writes the
/// measured first line's ascender and last visible line's descender (the same values unless the
/// first or last line mixes sizes), so a stack aligning baselines reads what was drawn.
///
/// Thread safety: the text state lives in its own `Mutex`, separate from `DisplayNode`'s, which is
/// why the class is `@unchecked Sendable` like its base. The text is measured under that lock (as
/// Texture's text node measures under its instance lock), so a ``TextMeasuring`` must not call
/// back into the node it measures for.
public final class TextNode: DisplayNode, @unchecked Sendable {
    private let text: Mutex<TextState>
    /// The engine that measures this node's text.
    public let measurer: any TextMeasuring

    struct TextState {
        var attributedText: AttributedText
        var options: TextLayoutOptions
        /// The measurement shown (the latest one).
        var measurement: TextMeasurement?
        /// What ``measurement`` answers, when it is of the current text and options.
        var request: MeasurementRequest?
        /// Earlier measurements of the current text and options, most recent first: with the
        /// current one, at most ``TextNode/rememberedMeasurements``. A node measured at one width
        /// (most nodes) never allocates this list.
        var earlier: [(request: MeasurementRequest, measurement: TextMeasurement)] = []

        /// Forgets every measurement of the text and options (they changed); the one shown stays.
        mutating func forget() {
            request = nil
            earlier = []
        }

        /// The figures of the remembered measurement for `request`: one made for it, made the
        /// one shown and the most recent; or else the one shown, which stays as it is (still
        /// remembered for the width it was made at), when measuring again at the request's
        /// narrower width would give exactly it (``TextMeasurement/isExact(atMaxWidth:measuredAt:)``:
        /// a stack stretching this label to a wider sibling's width).
        mutating func recallFigures(_ request: MeasurementRequest) -> MeasuredFigures? {
            if request != self.request {
                if let index = earlier.firstIndex(where: { $0.request == request }) {
                    let found = earlier.remove(at: index)
                    show(found.measurement, for: request)
                } else if let shown = self.request, let measurement, shown.scale == request.scale,
                          measurement.isExact(atMaxWidth: request.maxWidth, measuredAt: shown.maxWidth) {
                    return MeasuredFigures(measurement)
                } else {
                    return nil
                }
            }
            return measurement.map(MeasuredFigures.init)
        }

        /// Shows `measurement` of the current text and options, remembered for `request`; the one
        /// shown before, when it is of them too, moves to the front of ``earlier``, and the least
        /// recently used beyond ``TextNode/rememberedMeasurements`` is forgotten.
        mutating func show(_ measurement: consuming TextMeasurement, for request: MeasurementRequest) {
            if let shown = self.request, let old = self.measurement {
                if earlier.count == TextNode.rememberedMeasurements - 1 { earlier.removeLast() }
                earlier.insert((shown, old), at: 0)
            }
            self.measurement = measurement
            self.request = request
        }
    }

    /// What a measurement of the current text depends on besides it (IEEE `==`): not the range's
    /// minimum width, which only clamps the size (see ``TextMeasuring``).
    struct MeasurementRequest: Equatable {
        var maxWidth: Double
        var scale: Double
    }

    /// The part of a measurement that sizing reads. A hit copies these numbers out of the lock
    /// rather than the measurement, whose lines array would be retained and released.
    struct MeasuredFigures {
        var width: Double
        var height: Double
        /// The first line's ascender and the last line's descender, `nil` without lines.
        var baselines: (ascender: Double, descender: Double)?

        init(_ measurement: TextMeasurement) {
            width = measurement.width
            height = measurement.height
            baselines = measurement.lines.isEmpty
                ? nil : (measurement.firstLineAscender, measurement.lastLineDescender)
        }
    }

    /// How many measurements (by maximum width and scale) a text node keeps for its current text:
    /// a cell laid out at a few widths, or measured twice by a flexing stack, finds its text's
    /// measurement here without asking the engine (whose shared cache may have evicted it).
    static let rememberedMeasurements = 4

    public init(id: LayoutElementID, attributedText: AttributedText = AttributedText(),
                maximumNumberOfLines: Int = 0, truncationString: String = "\u{2026}",
                measurer: any TextMeasuring = TextMeasurer.shared) {
        // The baselines are read first, so that the text and the measurer are moved into the
        // node, not copied (each copy is an atomic reference-count increment and decrement).
        var style = LayoutStyle()
        if let baselines = Self.fontBaselines(of: attributedText, measurer: measurer) {
            style.ascender = baselines.ascender
            style.descender = baselines.descender
        }
        text = Mutex(TextState(attributedText: attributedText,
                               options: TextLayoutOptions(maximumNumberOfLines: maximumNumberOfLines,
                                                          truncationString: truncationString)))
        self.measurer = measurer
        super.init(id: id, style: style)
    }

    // MARK: - Text

    /// The text shown. Setting a different text calls ``DisplayNode/setNeedsLayout()`` (Texture's
    /// `setAttributedText:`), so the next layout pass re-measures and escalates a new size.
    public var attributedText: AttributedText {
        get { text.withLock { $0.attributedText } }
        set {
            let changed = text.withLock { state in
                guard state.attributedText != newValue else { return false }
                state.attributedText = newValue
                state.forget()
                return true
            }
            guard changed else { return }
            apply(Self.fontBaselines(of: newValue, measurer: measurer))
            setNeedsLayout()
        }
    }

    /// The most lines shown (0: no limit). Setting a different value invalidates the layout.
    public var maximumNumberOfLines: Int {
        get { text.withLock { $0.options.maximumNumberOfLines } }
        set { updateOptions { $0.maximumNumberOfLines = max(0, newValue) } }
    }

    /// What ends a truncated last line ("…" by default), in the attributes of the character it
    /// follows. Setting a different value invalidates the layout.
    public var truncationString: String {
        get { text.withLock { $0.options.truncationString } }
        set { updateOptions { $0.truncationString = newValue } }
    }

    /// The most recent measurement: lines with their ranges, widths and baselines, for drawing.
    public var measurement: TextMeasurement? { text.withLock { $0.measurement } }

    /// The most recently measured lines (empty before the first measurement).
    public var lines: [TextLine] { measurement?.lines ?? [] }

    private func updateOptions(_ change: (inout TextLayoutOptions) -> Void) {
        let changed = text.withLock { state in
            let old = state.options
            change(&state.options)
            guard old != state.options else { return false }
            state.forget()
            return true
        }
        if changed { invalidateCalculatedLayout() }
    }

    /// Texture's baselines of a text: the first character's font's ascender and the last
    /// character's font's descender; `nil` for an empty text.
    private static func fontBaselines(of text: AttributedText,
                                      measurer: any TextMeasuring) -> (ascender: Double, descender: Double)? {
        guard let first = text.runs.first?.attributes, let last = text.runs.last?.attributes else { return nil }
        let firstMetrics = measurer.lineMetrics(for: first)
        let descender = text.runs.count == 1 ? firstMetrics.descender : measurer.lineMetrics(for: last).descender
        return (firstMetrics.ascender, descender)
    }

    /// Writes `baselines` (if any) into the style.
    private func apply(_ baselines: (ascender: Double, descender: Double)?) {
        guard let baselines else { return }
        styled {
            $0.ascender = baselines.ascender
            $0.descender = baselines.descender
        }
    }

    // MARK: - Measuring

    /// Measures the text for `range` at `context`'s scale, records the measurement, writes the
    /// baselines, and returns the pixel-ceiled used size (not yet clamped into `range`).
    public func calculateSizeThatFits(_ range: SizeRange, context: LayoutContext) -> Size {
        let request = MeasurementRequest(maxWidth: range.max.width, scale: context.scale)
        // Measured under the text lock, as Texture's text node measures under its instance lock:
        // the text is read in place rather than copied out (each copy retains and releases its
        // string and runs), and the measurement shown is always of the text measured.
        let result = text.withLock { state -> MeasuredFigures in
            if let figures = state.recallFigures(request) { return figures }
            let measurement = measurer.measure(state.attributedText, options: state.options,
                                               maxWidth: request.maxWidth, scale: request.scale)
            let figures = MeasuredFigures(measurement)
            state.show(measurement, for: request)  // moved in (its last use), not copied
            return figures
        }
        apply(result.baselines)
        return PixelSnapping.ceil(Size(result.width, result.height), scale: context.scale)
    }

    /// The context-free hook: measures against `constrainedSize.width` at Texture's reference
    /// scale (2, ``LayoutContext/retina``). Layout passes use ``calculateLayout(_:context:)``,
    /// which measures at the pass's scale.
    override public func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        calculateSizeThatFits(SizeRange(min: .zero, max: constrainedSize), context: .retina)
    }

    override public func calculateLayout(_ resolved: SizeRange, context: LayoutContext) -> Layout {
        let size = resolved.clamp(calculateSizeThatFits(resolved, context: context))
        return Layout(element: id, isNode: true, size: size, context: context)
    }
}
