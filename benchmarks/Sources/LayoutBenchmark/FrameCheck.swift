import LayoutCore

/// Compares the two engines' frames before anything is timed, so the benchmark only ever
/// compares equivalent layouts.
enum FrameCheck {
    /// Absolute frames of a node's flattened layout, keyed by element id, plus the root's own
    /// frame under `rootName`.
    static func frames(of layout: Layout, rootName: String) -> [String: Rect] {
        var frames: [String: Rect] = [rootName: Rect(origin: .zero, size: layout.size)]
        for sublayout in layout.sublayouts {
            frames[sublayout.element.rawValue] = sublayout.frame
        }
        return frames
    }

    /// Human-readable differences (missing names or frames further apart than `tolerance`),
    /// empty when the frames agree.
    static func differences(ours: [String: Rect], yoga: [String: Rect], tolerance: Double = 0.001) -> [String] {
        var problems: [String] = []
        for name in Set(ours.keys).union(yoga.keys).sorted() {
            guard let a = ours[name], let b = yoga[name] else {
                problems.append("\(name): PhotoFeed \(ours[name].map { "\($0)" } ?? "missing"), "
                                + "Yoga \(yoga[name].map { "\($0)" } ?? "missing")")
                continue
            }
            let apart = [a.origin.x - b.origin.x, a.origin.y - b.origin.y,
                         a.size.width - b.size.width, a.size.height - b.size.height].map(abs).max()!
            if !(apart <= tolerance) { problems.append("\(name): PhotoFeed \(a), Yoga \(b)") }
        }
        return problems
    }
}
