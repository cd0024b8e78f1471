/// What a ``FeedSession`` saw, step by step and in total. Codable: the CLI prints it as JSON and
/// the HTML timeline draws it.
public struct SessionReport: Hashable, Sendable, Codable {
    public var configuration: Settings
    public var steps: [SessionStepReport]
    public var totals: SessionTotals
    /// Every layout shift a user saw, in step order.
    public var shifts: [LayoutShiftEvent]
    /// Every cell that was on screen with a placeholder image, in the order they were first seen so.
    public var placeholders: [PlaceholderRecord]
    /// With ``FeedSessionConfiguration/prefetchLayouts``: the same session without precomputed
    /// layouts, compared.
    public var prefetch: PrefetchComparison?

    /// The configuration as reported.
    public struct Settings: Hashable, Sendable, Codable {
        public var width: Double
        public var height: Double
        public var scale: Double
        public var stepsPerSecond: Int
        public var seed: UInt64
        public var prefetchLayouts: Bool
        /// "speed 600 pt/s" or "keyframes 0:0 1.5:2000".
        public var script: String
    }
}

/// One step of a session, after its completions, scroll, batch fetch and range update.
public struct SessionStepReport: Hashable, Sendable, Codable {
    public var step: Int
    /// The step's time on the virtual clock.
    public var seconds: Double
    /// The content offset (the script's, clamped to the content).
    public var offset: Double
    public var contentHeight: Double
    /// Cells in the feed.
    public var cells: Int
    /// Cells whose interface state has the visible, display and preload bits.
    public var visible: Int
    public var display: Int
    public var preload: Int
    /// The range controller's mode ("minimum", "full", …).
    public var rangeMode: String
    /// Pages fetched in this step (0 or 1).
    public var pagesFetched: Int
    /// Jobs requested and ended (succeeded or given up) in this step.
    public var jobsRequested: Int
    public var jobsEnded: Int
    /// Visible cells showing a placeholder image.
    public var placeholders: Int
    /// Points of layout shift seen in this step.
    public var shift: Double
}

/// A session's totals.
public struct SessionTotals: Hashable, Sendable, Codable {
    public var steps: Int
    public var seconds: Double
    public var cells: Int
    public var pagesFetched: Int
    /// Cells that were on screen at some step.
    public var cellsShown: Int
    public var jobsRequested: Int
    public var jobsSucceeded: Int
    public var jobsFailed: Int
    /// Cells that were on screen with a placeholder image, the seconds they showed it in all and
    /// the longest any one showed it.
    public var placeholderCells: Int
    public var placeholderSeconds: Double
    public var longestPlaceholderSeconds: Double
    /// Times a cell on screen changed height or moved, and the points it did so in all.
    public var shiftEvents: Int
    public var cumulativeShift: Double
}

/// A cell on screen that changed height or moved since the user last saw it.
public struct LayoutShiftEvent: Hashable, Sendable, Codable {
    public var step: Int
    public var itemID: Int64
    /// The cell's index in the feed.
    public var index: Int
    /// How far its top edge moved (positive: down).
    public var moved: Double
    /// How much its height changed.
    public var heightChange: Double
    /// The shift: the farthest either horizontal edge moved.
    public var points: Double

    enum CodingKeys: String, CodingKey {
        case step, itemID = "itemId", index, moved, heightChange, points
    }
}

/// A cell that was on screen with a placeholder image.
public struct PlaceholderRecord: Hashable, Sendable, Codable {
    public var itemID: Int64
    public var index: Int
    /// The first step it was on screen without its image.
    public var firstStep: Int
    /// Seconds it was on screen without its image (its steps × the step's length).
    public var seconds: Double
    /// Whether its image arrived before the session ended.
    public var imageArrived: Bool

    enum CodingKeys: String, CodingKey {
        case itemID = "itemId", index, firstStep, seconds, imageArrived
    }
}

/// The cumulative shift of the same session without and with precomputed layouts.
public struct PrefetchComparison: Hashable, Sendable, Codable {
    public var cumulativeShiftWithout: Double
    public var cumulativeShiftWith: Double
    /// Points of shift the precomputed layouts saved (without − with).
    public var saved: Double
    /// Cells that had a precomputed height.
    public var cellsWithPrecomputedHeight: Int
}
