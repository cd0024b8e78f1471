import FeedModel
import FeedSync
import LayoutCore
import NodeKit

/// One simulated client scrolling the feed, headless, on a virtual clock (`photofeed session`).
///
/// Each step, at `step / stepsPerSecond` seconds:
/// 1. the simulated daemon runs up to the step's time (``SessionJobQueue``); each finished job
///    goes to the source, which updates the cells showing its target (a cell whose layout inputs
///    change calls its `setNeedsLayout`). A *loaded* cell, one in the display range
///    (``CellsNeedingLayout/isLoaded(_:)``), relays out at once: the ``DataController``
///    re-measures it and the table takes its new height (Texture's relayout of a cell whose size
///    was invalidated, §9.4). Any other cell is only invalidated, as Texture's `setNeedsLayout`
///    on a node without a view is, and keeps its height in the table until step 4;
/// 2. the script's offset is applied, clamped to the content;
/// 3. batch fetching (Texture's rule, ASDKgram's 2.5 leading screens) decides whether to fetch
///    the next page: a first page of 4, then 20; the data controller inserts it, allocating the
///    cells with their node blocks and measuring them at the viewport's width, and the page's
///    reverse geocodes are requested, in feed order (ASDKgram's `LocationModel` starts
///    geocoding as the photo is parsed, before any cell exists);
/// 4. the ``RangeController`` sets every cell's interface state from the viewport; a cell that
///    entered the preload range (its interface-state delegate hears `didEnterPreloadState`, where
///    ASDKgram's cell starts loading) requests its other jobs (``SessionItem/preloadJobs``), the
///    visible cells' first, then those in the display range, then the rest of the preload range
///    (each in feed order), so the jobs of what the user is about to see run first (a job once
///    requested runs to its end, even when its cell leaves the range: the daemon's job fills the
///    store, not the cell). The invalidated cells that entered the display range are laid out
///    now, in feed order, and the table takes their heights; when that moves cells, the range
///    controller runs again on the new frames, as Texture's table updates its ranges after a
///    relayout;
/// 5. the step is recorded: the cells in each range, the visible cells showing a placeholder
///    image, and the layout shift of the visible cells (``LayoutShiftTracker``). So a height
///    change is a shift only where Texture would show one: a cell that changed while off-screen
///    beyond the display range moves nothing until it enters that range, and then moves what is
///    on screen only if it lies above it (scrolling up) or is on screen itself.
///
/// A page arrives within the step that asks for it (the feed is read from a local store). The
/// range list is rebuilt only when cells come or change height, so a step's cost follows the
/// cells around the viewport, not the feed's length. Not `Sendable`: one owner drives it, as
/// Texture's main thread does.
public final class FeedSession {
    public let configuration: FeedSessionConfiguration
    private let source: any FeedSessionSource
    private let dataSource: SessionDataSource
    private let dataController: DataController
    private let ranges = RangeController()
    private let batchContext = BatchContext()
    /// The session's time: the simulated daemon's events and the steps share it.
    private let clock = VirtualClock()
    private var jobs: SessionJobQueue
    private var list = RangeList([])
    private var listIsStale = false
    private var indexByID: [Int64: Int] = [:]
    private var imageLoaded: [Bool] = []
    private var jobsRequestedFor: [Bool] = []
    private let preloadInbox = PreloadInbox()
    /// Each cell's observer (nodes hold their interface-state delegates weakly).
    private var preloadObservers: [PreloadObserver] = []
    /// Cells invalidated by a completion while not loaded, laid out as they enter the display range.
    private var needingLayout = CellsNeedingLayout()
    private var feedEnded = false
    private var offset = 0.0
    private var shifts = LayoutShiftTracker()
    private var placeholders = PlaceholderTracker()
    private var shiftEvents: [LayoutShiftEvent] = []
    private var stepReports: [SessionStepReport] = []
    private var pagesFetched = 0
    private var jobsSucceeded = 0
    private var jobsFailed = 0
    private var precomputedCells = 0
    /// Jobs that ended in the current step.
    private var lastEnded = 0

    /// A session over `source`; cells are allocated and measured on `parallelism` threads (all
    /// cores by default).
    public init(source: any FeedSessionSource, configuration: FeedSessionConfiguration, parallelism: Int? = nil) {
        self.source = source
        self.configuration = configuration
        dataSource = SessionDataSource(width: configuration.width)
        dataController = DataController(dataSource: dataSource, context: LayoutContext(scale: configuration.scale),
                                        parallelism: parallelism)
        dataController.reloadData()
        ranges.containerInterfaceState = .inHierarchy
        jobs = SessionJobQueue(simulation: configuration.simulation, seed: configuration.seed)
    }

    /// Steps made so far.
    public var stepCount: Int { stepReports.count }
    /// Cells in the feed so far.
    public var cellCount: Int { dataSource.items.count }
    /// Whether the feed has no more pages.
    public var hasReachedEndOfFeed: Bool { feedEnded }

    /// Whether a run without a duration is over: the script can go no further.
    public var isFinished: Bool {
        if let steps = configuration.durationSteps { return stepCount >= steps }
        if stepCount >= configuration.maximumSteps { return true }
        guard stepCount > 0 else { return false }
        if let end = configuration.script.endSeconds {
            return stepReports[stepCount - 1].seconds >= end
        }
        return feedEnded && offset >= maximumOffset
    }

    /// Runs steps until ``isFinished`` and returns the report.
    public func run() throws -> SessionReport {
        while !isFinished { try step() }
        return report()
    }

    // MARK: - A step

    /// Runs one step (see the type's description) and returns its record.
    @discardableResult
    public func step() throws -> SessionStepReport {
        let index = stepCount
        let seconds = Double(index) / Double(configuration.stepsPerSecond)
        clock.advance(by: Duration.seconds(index) / configuration.stepsPerSecond - clock.now())
        let now = clock.now()

        try applyCompletions(jobs.advance(to: now))
        let previousOffset = offset
        offset = min(max(0, configuration.script.offset(at: seconds)), maximumOffset)
        let direction: ScrollDirection = offset > previousOffset ? .down : offset < previousOffset ? .up : .none
        let (fetched, pageRequests) = try fetchIfNeeded(direction: direction, at: now)

        var update = updateRanges(direction: direction)
        var requested = pageRequests + requestJobs(update, at: now)
        var passes = 1
        while passes < Self.maximumRangePasses, layOutCellsEnteringDisplay() {
            update = updateRanges(direction: direction)
            requested += requestJobs(update, at: now)
            passes += 1
        }
        jobs.startDueJobs()

        let visible = update.visible.sorted()
        recordPlaceholders(visible, step: index)
        let stepShift = recordShifts(visible, step: index)
        let record = SessionStepReport(
            step: index, seconds: seconds, offset: offset, contentHeight: contentHeight, cells: cellCount,
            visible: update.visible.count, display: update.visible.union(update.display).count,
            preload: update.visible.union(update.preload).count, rangeMode: Self.name(update.mode),
            pagesFetched: fetched ? 1 : 0, jobsRequested: requested, jobsEnded: lastEnded,
            placeholders: visible.filter { !imageLoaded[$0.item] }.count, shift: stepShift)
        stepReports.append(record)
        return record
    }

    /// Range updates a step runs at most: one, then one more after each relayout of cells that
    /// entered the display range (a relayout can bring others into it; what is left waits for
    /// the next step).
    static let maximumRangePasses = 4

    /// Rebuilds the range list when cells came or changed height, then sets the interface states.
    private func updateRanges(direction: ScrollDirection) -> RangeUpdate {
        if listIsStale {
            list = RangeList(dataController.tableRangeElements())
            listIsStale = false
            offset = min(offset, maximumOffset)
        }
        let viewport = Viewport(size: Size(configuration.width, configuration.height), contentOffset: Point(0, offset))
        return ranges.update(viewport: viewport, scrollDirection: direction, list: list)
    }

    /// Hands each finished job to the source; the loaded cells whose inputs changed are laid out
    /// again at once, the others wait for the display range (``CellsNeedingLayout``).
    private func applyCompletions(_ ended: [SessionJobQueue.Result]) throws {
        lastEnded = ended.count
        var relayout: Set<Int> = []
        for result in ended {
            if result.succeeded { jobsSucceeded += 1 } else { jobsFailed += 1 }
            let effect = try source.complete(result.job, succeeded: result.succeeded) { [self] id in
                indexByID[id].flatMap { dataController.node(at: ItemPath(0, $0)) }
            }
            for id in effect.imagesLoaded {
                guard let index = indexByID[id] else { continue }
                imageLoaded[index] = true
                placeholders.imageArrived(index: index)
            }
            for id in effect.layoutChanged { if let index = indexByID[id] { relayout.insert(index) } }
        }
        guard !relayout.isEmpty else { return }
        for index in relayout.sorted() {
            guard let node = dataController.node(at: ItemPath(0, index)) else { continue }
            if CellsNeedingLayout.isLoaded(node.interfaceState) {
                needingLayout.remove(index)
                dataController.nodeDidInvalidateSize(node)
            } else {
                needingLayout.insert(index)
            }
        }
        relayoutQueuedCells()
    }

    /// Lays out the invalidated cells that are loaded now (they entered the display range), in
    /// feed order. Returns whether a height in the table changed.
    private func layOutCellsEnteringDisplay() -> Bool {
        let due = needingLayout.removeLoaded { [dataController] index in
            dataController.node(at: ItemPath(0, index)).map { CellsNeedingLayout.isLoaded($0.interfaceState) } ?? false
        }
        for index in due {
            if let node = dataController.node(at: ItemPath(0, index)) { dataController.nodeDidInvalidateSize(node) }
        }
        return relayoutQueuedCells()
    }

    /// The table's relayout of the queued cells (§9.4). Returns whether a height changed.
    @discardableResult
    private func relayoutQueuedCells() -> Bool {
        guard !dataController.relayoutQueuedNodes().isEmpty else { return false }
        listIsStale = true
        return true
    }

    /// Texture's batch-fetching rule at the current offset; fetches and inserts one page when it
    /// says so, and requests the page's jobs that start on its arrival (``SessionItem/pageJobs``),
    /// in feed order. Returns whether a page came (a fetch past the feed's end brings none) and
    /// how many jobs were new.
    private func fetchIfNeeded(direction: ScrollDirection, at now: Duration) throws -> (fetched: Bool, requested: Int) {
        guard !feedEnded else { return (false, 0) }
        let bounds = Rect(0, offset, configuration.width, configuration.height)
        guard BatchFetching.shouldFetchBatch(
            context: batchContext, scrollDirection: direction, scrollableDirections: .vertical, bounds: bounds,
            contentSize: Size(configuration.width, contentHeight), targetOffset: Point(0, offset),
            leadingScreens: configuration.leadingScreens, visible: true) else { return (false, 0) }
        batchContext.beginBatchFetching()
        defer { batchContext.completeBatchFetching(true) }
        let limit = pagesFetched == 0 ? configuration.firstPageSize : configuration.pageSize
        var page = try source.nextPage(limit: limit)
        if page.count < limit { feedEnded = true }
        guard !page.isEmpty else { return (false, 0) }
        pagesFetched += 1
        if !configuration.prefetchLayouts {
            for index in page.indices { page[index].precomputedHeight = nil }
        }
        precomputedCells += page.filter { $0.precomputedHeight != nil }.count
        let first = dataSource.items.count
        for (offset, item) in page.enumerated() { indexByID[item.id] = first + offset }
        dataSource.items += page
        imageLoaded += page.map(\.isImageLoaded)
        jobsRequestedFor += Array(repeating: false, count: page.count)
        var changes = ChangeSet()
        changes.insertItems((first..<dataSource.items.count).map { ItemPath(0, $0) })
        try dataController.performBatchUpdates(changes)
        for index in first..<dataSource.items.count {
            let observer = PreloadObserver(index: index, inbox: preloadInbox)
            dataController.node(at: ItemPath(0, index))?.addInterfaceStateDelegate(observer)
            preloadObservers.append(observer)
        }
        listIsStale = true
        var requested = 0
        for item in page {
            for job in item.pageJobs where jobs.request(job, at: now) { requested += 1 }
        }
        return (true, requested)
    }

    /// Requests the preload jobs of the cells that entered the preload range in `update` (their
    /// observers' inbox): visible cells first, then the display range's, then the preload range's,
    /// each in feed order. Returns how many jobs were new.
    private func requestJobs(_ update: RangeUpdate, at now: Duration) -> Int {
        var entered = Set(preloadInbox.drain().filter { !jobsRequestedFor[$0] })
        guard !entered.isEmpty else { return 0 }
        let visible = update.visible
        let display = update.display.subtracting(visible)
        let preload = update.preload.subtracting(visible).subtracting(display)
        var ordered: [Int] = []
        for group in [visible, display, preload] {
            let indices = group.map(\.item).filter { entered.contains($0) }.sorted()
            ordered += indices
            entered.subtract(indices)
        }
        ordered += entered.sorted()
        var count = 0
        for index in ordered {
            jobsRequestedFor[index] = true
            for job in dataSource.items[index].preloadJobs where jobs.request(job, at: now) { count += 1 }
        }
        return count
    }

    private func recordPlaceholders(_ visible: [ItemPath], step: Int) {
        let waiting = visible.filter { !imageLoaded[$0.item] }.map { ($0.item, dataSource.items[$0.item].id) }
        placeholders.observe(waiting, step: step, stepsPerSecond: configuration.stepsPerSecond)
    }

    private func recordShifts(_ visible: [ItemPath], step: Int) -> Double {
        let frames = visible.map { (index: $0.item, frame: list.elements[$0.item].frame) }
        var total = 0.0
        for shift in shifts.observe(frames) {
            total += shift.points
            shiftEvents.append(LayoutShiftEvent(step: step, itemID: dataSource.items[shift.index].id,
                                                index: shift.index, moved: shift.moved,
                                                heightChange: shift.heightChange, points: shift.points))
        }
        return total
    }

    // MARK: - Geometry and report

    private var contentHeight: Double { list.elements.last?.frame.maxY ?? 0 }
    private var maximumOffset: Double { max(0, contentHeight - configuration.height) }

    private static func name(_ mode: RangeMode) -> String {
        switch mode {
        case .unspecified: "unspecified"
        case .minimum: "minimum"
        case .full: "full"
        case .visibleOnly: "visibleOnly"
        case .lowMemory: "lowMemory"
        }
    }

    /// The report of the steps made so far.
    public func report() -> SessionReport {
        let records = placeholders.records
        let totals = SessionTotals(
            steps: stepCount, seconds: Double(stepCount) / Double(configuration.stepsPerSecond), cells: cellCount,
            pagesFetched: pagesFetched, cellsShown: shifts.cellsShown, jobsRequested: jobs.requested.count,
            jobsSucceeded: jobsSucceeded, jobsFailed: jobsFailed, placeholderCells: records.count,
            placeholderSeconds: records.reduce(0) { $0 + $1.seconds },
            longestPlaceholderSeconds: records.map(\.seconds).max() ?? 0,
            shiftEvents: shiftEvents.count, cumulativeShift: shiftEvents.reduce(0) { $0 + $1.points })
        let settings = SessionReport.Settings(
            width: configuration.width, height: configuration.height, scale: configuration.scale,
            stepsPerSecond: configuration.stepsPerSecond, seed: configuration.seed,
            prefetchLayouts: configuration.prefetchLayouts, script: configuration.script.summary)
        return SessionReport(configuration: settings, steps: stepReports, totals: totals, shifts: shiftEvents,
                             placeholders: records, prefetch: nil)
    }

    /// The interface state of the cell at `index` in the feed (nil before it is allocated).
    public func interfaceState(ofCellAt index: Int) -> InterfaceState? {
        dataController.node(at: ItemPath(0, index))?.interfaceState
    }

    /// Cells that were given a precomputed height.
    public var cellsWithPrecomputedHeight: Int { precomputedCells }
}
