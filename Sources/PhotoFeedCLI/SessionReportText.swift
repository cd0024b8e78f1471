import FeedRendering
import Foundation
import PhotoFeed

/// `photofeed session`'s text report: the settings, one row per step, the layout shifts, and the
/// totals.
///
/// ```
/// session 375×667 @2x, speed 600 pt/s, 60 steps/s, seed 1
///   step   time  offset  cells  visible  display  preload  mode     page  jobs+  jobs-  placeholders  shift
///      0  0.000       0      4        2        2        3  minimum     1      6      0             2      0
/// …
/// totals: 60 steps (1 s); cells 24, pages 2, shown 3
/// ```
enum SessionReportText {
    static func lines(_ report: SessionReport) -> [String] {
        let settings = report.configuration
        var lines = ["session \(n(settings.width))×\(n(settings.height)) @\(n(settings.scale))x, \(settings.script), "
                     + "\(settings.stepsPerSecond) steps/s, seed \(settings.seed)"
                     + (settings.prefetchLayouts ? ", precomputed layouts" : "")]
        var table = TextTable([
            ("step", .right), ("time", .right), ("offset", .right), ("cells", .right), ("visible", .right),
            ("display", .right), ("preload", .right), ("mode", .left), ("page", .right), ("jobs+", .right),
            ("jobs-", .right), ("placeholders", .right), ("shift", .right),
        ])
        for step in report.steps {
            table.append([
                String(step.step), String(format: "%.3f", step.seconds), n(step.offset), String(step.cells),
                String(step.visible), String(step.display), String(step.preload), step.rangeMode,
                String(step.pagesFetched), String(step.jobsRequested), String(step.jobsEnded),
                String(step.placeholders), n(step.shift),
            ])
        }
        lines += table.lines()
        for shift in report.shifts {
            lines.append("shift at step \(shift.step): photo \(shift.itemID) (cell \(shift.index)) moved "
                         + "\(n(shift.moved)) pt, height \(n(shift.heightChange)) pt: \(n(shift.points)) pt")
        }
        let totals = report.totals
        lines.append("totals: \(totals.steps) steps (\(n(totals.seconds)) s); cells \(totals.cells), "
                     + "pages \(totals.pagesFetched), shown \(totals.cellsShown)")
        lines.append("jobs: \(totals.jobsRequested) requested, \(totals.jobsSucceeded) succeeded, "
                     + "\(totals.jobsFailed) failed")
        lines.append("placeholders: \(totals.placeholderCells) visible cells showed a placeholder image, "
                     + "\(n(totals.placeholderSeconds)) s in all, longest \(n(totals.longestPlaceholderSeconds)) s")
        lines.append("layout shift: \(totals.shiftEvents) shifts, cumulative \(n(totals.cumulativeShift)) pt")
        if let prefetch = report.prefetch {
            lines.append("precomputed layouts: \(prefetch.cellsWithPrecomputedHeight) cells; cumulative shift "
                         + "\(n(prefetch.cumulativeShiftWith)) pt with, \(n(prefetch.cumulativeShiftWithout)) pt "
                         + "without: \(n(prefetch.saved)) pt saved")
        }
        return lines
    }

    private static func n(_ value: Double) -> String { SessionNumber.text(value) }
}
