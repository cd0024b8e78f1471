import LayoutCore

/// How far a range reaches beyond the viewport, in screenfuls (Texture's
/// `ASRangeTuningParameters`): `leading` ahead of the scroll direction, `trailing` behind it.
public struct RangeTuningParameters: Hashable, Sendable {
    public var leadingBufferScreenfuls: Double
    public var trailingBufferScreenfuls: Double

    public init(leadingBufferScreenfuls: Double, trailingBufferScreenfuls: Double) {
        self.leadingBufferScreenfuls = leadingBufferScreenfuls
        self.trailingBufferScreenfuls = trailingBufferScreenfuls
    }

    public init(_ leading: Double, _ trailing: Double) {
        self.init(leadingBufferScreenfuls: leading, trailingBufferScreenfuls: trailing)
    }

    /// No buffer: the range is the viewport.
    public static let zero = RangeTuningParameters(0, 0)

    /// Expands `bounds` along every scrollable axis (§7.3). When the scroll direction contains
    /// down (vertical) or right (horizontal), the positive side grows by `leading × extent` and
    /// the negative side by `trailing × extent`; otherwise the sides swap.
    public func expand(_ bounds: Rect, scrollableDirections: ScrollDirection,
                       scrollDirection: ScrollDirection) -> Rect {
        var rect = bounds
        if scrollableDirections.containsHorizontal {
            let (positive, negative) = buffers(towardPositive: scrollDirection.contains(.right))
            let width = rect.size.width
            rect.origin.x -= negative * width
            rect.size.width += (positive + negative) * width
        }
        if scrollableDirections.containsVertical {
            let (positive, negative) = buffers(towardPositive: scrollDirection.contains(.down))
            let height = rect.size.height
            rect.origin.y -= negative * height
            rect.size.height += (positive + negative) * height
        }
        return rect
    }

    private func buffers(towardPositive: Bool) -> (positive: Double, negative: Double) {
        towardPositive
            ? (leadingBufferScreenfuls, trailingBufferScreenfuls)
            : (trailingBufferScreenfuls, leadingBufferScreenfuls)
    }
}

/// How aggressively a range controller buffers (Texture's `ASLayoutRangeMode`).
public enum RangeMode: Int, CaseIterable, Hashable, Sendable {
    case unspecified = -1
    /// Modest buffers: the first update, or a container that is not visible.
    case minimum = 0
    /// Full buffers: a visible container that has been scrolled.
    case full = 1
    /// Only what is on screen.
    case visibleOnly = 2
    /// Like visible-only, with an empty display range (memory pressure, background).
    case lowMemory = 3
}

/// The kind of range (Texture's `ASLayoutRangeType`).
public enum RangeType: Int, CaseIterable, Hashable, Sendable {
    case display = 0
    case preload = 1
}

/// Tuning parameters per range mode and range type, with Texture's defaults (§7.3).
public struct RangeTuningTable: Hashable, Sendable {
    private var table: [RangeMode: [RangeType: RangeTuningParameters]]

    /// Table and collection defaults: Full display 1/0.5, preload 2.5/1.5; Minimum display
    /// 0.25/0.25, preload 0.5/0.25; VisibleOnly and LowMemory zero.
    public static let `default` = RangeTuningTable(table: [
        .full: [.display: .init(1.0, 0.5), .preload: .init(2.5, 1.5)],
        .minimum: [.display: .init(0.25, 0.25), .preload: .init(0.5, 0.25)],
        .visibleOnly: [.display: .zero, .preload: .zero],
        .lowMemory: [.display: .zero, .preload: .zero],
    ])

    /// The pager node's overrides: Minimum display 0/0, preload 1/1; Full display 1/1, preload 2/2.
    public static let pager: RangeTuningTable = {
        var table = RangeTuningTable.default
        table[.minimum, .display] = .zero
        table[.minimum, .preload] = .init(1, 1)
        table[.full, .display] = .init(1, 1)
        table[.full, .preload] = .init(2, 2)
        return table
    }()

    /// The parameters for a mode and type; `.unspecified` reads as zero.
    public subscript(mode: RangeMode, type: RangeType) -> RangeTuningParameters {
        get { table[mode]?[type] ?? .zero }
        set { table[mode, default: [:]][type] = newValue }
    }

    /// The Full mode's parameters (Texture's setters without a mode target Full).
    public subscript(type: RangeType) -> RangeTuningParameters {
        get { self[.full, type] }
        set { self[.full, type] = newValue }
    }
}
