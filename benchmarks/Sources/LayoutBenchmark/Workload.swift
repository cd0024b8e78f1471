/// One engine's side of a benchmark: how to build a fresh tree, lay it out, and free it.
///
/// `layout` must do the whole measurement and return something derived from its result, so
/// the optimizer cannot drop it.
struct Workload {
    var build: () -> AnyTree
    var layout: (AnyTree) -> Double
    var free: (AnyTree) -> Void
}

/// A built tree of either engine, boxed so both engines share one harness.
struct AnyTree {
    var value: Any
}

/// How construction counts in the timed loop.
enum TimingMode: String {
    /// Build, lay out and free inside the timed loop (Texture's real cell path: the spec tree
    /// is made inside `layoutSpecThatFits`, nodes are fresh, no cache hits).
    case coldWithBuild = "build+layout+free"
    /// Fresh trees built before the timer starts and freed after it stops; only the first
    /// layout of each tree is timed.
    case layoutOnly = "layout only"
}
