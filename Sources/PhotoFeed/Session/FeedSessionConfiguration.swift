import FeedSync

/// How a ``FeedSession`` runs: the device's viewport, the user's scroll script, the step rate of
/// the virtual clock, how long, and the simulated daemon's network and seed.
///
/// Paging follows ASDKgram: a first page of 4, then pages of 20, fetched when fewer than 2.5
/// screens of content are left below the viewport (``leadingScreens``).
public struct FeedSessionConfiguration: Hashable, Sendable {
    /// The viewport's width (the cells' width), in points.
    public var width: Double
    /// The viewport's height, in points.
    public var height: Double
    /// The screen's scale (pixels per point) the cells are laid out for.
    public var scale: Double
    public var script: ScrollScript
    /// Steps of the virtual clock per second (a display's refresh rate).
    public var stepsPerSecond: Int
    /// How long to run, in seconds; nil: until the script can go no further (the feed's end for a
    /// speed, the last keyframe for a keyframe script).
    public var duration: Double?
    /// The simulated daemon's seed: the same seed gives the same session.
    public var seed: UInt64
    public var simulation: SyncSimulation
    /// Whether cells keep the layout cache's height for them as their minimum
    /// (``SessionItem/precomputedHeight``).
    public var prefetchLayouts: Bool
    public var firstPageSize: Int
    public var pageSize: Int
    public var leadingScreens: Double
    /// A bound on the steps of a run without ``duration`` (an hour of virtual time at 60 steps per
    /// second by default), for scripts that never reach their end.
    public var maximumSteps: Int

    public init(width: Double = 375, height: Double = 667, scale: Double = 2, script: ScrollScript = .speed(600),
                stepsPerSecond: Int = 60, duration: Double? = nil, seed: UInt64 = 1,
                simulation: SyncSimulation = SyncSimulation(), prefetchLayouts: Bool = false,
                firstPageSize: Int = 4, pageSize: Int = 20, leadingScreens: Double = 2.5,
                maximumSteps: Int = 216_000) {
        precondition(width > 0 && height > 0 && scale > 0, "the viewport needs an area and a scale")
        precondition(stepsPerSecond >= 1, "at least one step per second")
        precondition(firstPageSize >= 1 && pageSize >= 1, "pages hold at least one item")
        self.width = width
        self.height = height
        self.scale = scale
        self.script = script
        self.stepsPerSecond = stepsPerSecond
        self.duration = duration
        self.seed = seed
        self.simulation = simulation
        self.prefetchLayouts = prefetchLayouts
        self.firstPageSize = firstPageSize
        self.pageSize = pageSize
        self.leadingScreens = leadingScreens
        self.maximumSteps = maximumSteps
    }

    /// The number of steps a run with a ``duration`` makes: one per 1/``stepsPerSecond`` second
    /// started before the duration ends (1 s at 60 steps per second is 60 steps, at 0 … 59/60 s).
    public var durationSteps: Int? {
        duration.map { Int(($0 * Double(stepsPerSecond)).rounded(.up)) }
    }
}
