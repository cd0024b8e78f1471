import PhotoFeed

/// A feed session as an HTML page a person can look at: the totals, then a timeline in SVG with
/// one lane per concern over the session's steps, then the layout shifts and placeholders.
///
/// Lanes, top to bottom, each ``laneHeight`` high and ``plotWidth`` wide after a label column:
/// the content offset; the cells in the preload, display and visible ranges (three lines);
/// the visible cells showing a placeholder image; the layout shifts (one bar per shift, as tall
/// as its points relative to the largest, and the cumulative shift as a line); the pages fetched
/// (one mark each); under each lane's name, what its top edge stands for. Step `s` of `n` sits
/// at `x = labelWidth + plotWidth × s / n` (``x(step:steps:)``). With `includesProbe`, a
/// script writes every mark's box into `<pre id="probe" hidden>` as JSON (the browser test reads it).
public struct SessionTimelineRenderer: Sendable {
    public static let labelWidth = 130.0
    public static let plotWidth = 1000.0
    public static let laneHeight = 70.0
    public static let laneGap = 18.0
    /// The lanes' ids, top to bottom.
    public static let lanes = ["offset", "ranges", "placeholders", "shift", "pages"]

    public var includesProbe: Bool

    public init(includesProbe: Bool = false) {
        self.includesProbe = includesProbe
    }

    /// The x of step `step` in a session of `steps` steps.
    public static func x(step: Int, steps: Int) -> Double {
        labelWidth + plotWidth * Double(step) / Double(max(1, steps))
    }

    /// The y of lane `index`'s top.
    public static func laneTop(_ index: Int) -> Double { laneGap + Double(index) * (laneHeight + laneGap) }

    /// The timeline's size.
    public static var width: Double { labelWidth + plotWidth + 20 }
    public static var height: Double { laneTop(lanes.count) }

    public func render(_ report: SessionReport) -> String {
        var html = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>Feed session</title>
            <style>
            body { font: 14px sans-serif; margin: 16px; color: #222; }
            table { border-collapse: collapse; margin: 8px 0 16px; }
            td, th { padding: 2px 10px; text-align: right; border-bottom: 1px solid #ddd; }
            th { text-align: left; }
            .lane-bg { fill: #f6f6f6; }
            .label { font: 12px sans-serif; fill: #444; } .scale { font: 10px sans-serif; fill: #888; }
            polyline { fill: none; stroke-width: 1.5; }
            .offset { stroke: #555; } .preload { stroke: #9ecae1; } .display { stroke: #4292c6; }
            .visible { stroke: #08306b; } .placeholder { stroke: #e6550d; } .cumulative { stroke: #a50f15; }
            .shift { fill: #fb6a4a; } .page { fill: #31a354; }
            </style></head><body>
            <h1>Feed session</h1>

            """
        html += "<p id=\"settings\">\(summary(report.configuration))</p>\n"
        html += totalsTable(report)
        html += timeline(report)
        html += shiftsTable(report)
        html += placeholdersTable(report)
        if includesProbe { html += Self.probe }
        html += "</body></html>\n"
        return html
    }

    // MARK: - Parts

    private func summary(_ settings: SessionReport.Settings) -> String {
        MarkupEscaping.escape("\(n(settings.width))×\(n(settings.height)) points at \(n(settings.scale))x, "
            + "\(settings.script), \(settings.stepsPerSecond) steps per second, seed \(settings.seed)"
            + (settings.prefetchLayouts ? ", precomputed layouts" : ""))
    }

    private func totalsTable(_ report: SessionReport) -> String {
        let totals = report.totals
        var rows: [(String, String)] = [
            ("steps", "\(totals.steps) (\(n(totals.seconds)) s)"), ("cells", String(totals.cells)),
            ("pages fetched", String(totals.pagesFetched)), ("cells shown", String(totals.cellsShown)),
            ("jobs requested / succeeded / failed",
             "\(totals.jobsRequested) / \(totals.jobsSucceeded) / \(totals.jobsFailed)"),
            ("cells showing a placeholder", String(totals.placeholderCells)),
            ("placeholder time (all, longest)",
             "\(n(totals.placeholderSeconds)) s, \(n(totals.longestPlaceholderSeconds)) s"),
            ("layout shifts", String(totals.shiftEvents)),
            ("cumulative layout shift", "\(n(totals.cumulativeShift)) pt"),
        ]
        if let prefetch = report.prefetch {
            rows.append(("shift without precomputed layouts", "\(n(prefetch.cumulativeShiftWithout)) pt"))
            rows.append(("shift saved by precomputed layouts", "\(n(prefetch.saved)) pt"))
        }
        let body = rows.map { "<tr><th>\($0.0)</th><td>\(MarkupEscaping.escape($0.1))</td></tr>\n" }.joined()
        return "<table id=\"totals\">\n" + body + "</table>\n"
    }

    private func timeline(_ report: SessionReport) -> String {
        let steps = report.steps, count = report.steps.count
        let h = Self.laneHeight
        func x(_ step: Int) -> String { n(Self.x(step: step, steps: count)) }
        func line(_ className: String, _ values: [Double], maximum: Double) -> String {
            let scale = maximum > 0 ? h / maximum : 0
            let points = values.enumerated().map { "\(x($0.offset)),\(n(h - $0.element * scale))" }
            return "<polyline class=\"\(className)\" points=\"\(points.joined(separator: " "))\"/>\n"
        }
        var lanes: [String] = []
        let maxOffset = steps.map(\.contentHeight).max() ?? 0
        lanes.append(line("offset", steps.map(\.offset), maximum: maxOffset))
        let maxCells = Double(steps.map { max($0.preload, $0.display, $0.visible) }.max() ?? 0)
        lanes.append(line("preload", steps.map { Double($0.preload) }, maximum: maxCells)
            + line("display", steps.map { Double($0.display) }, maximum: maxCells)
            + line("visible", steps.map { Double($0.visible) }, maximum: maxCells))
        lanes.append(line("placeholder", steps.map { Double($0.placeholders) },
                          maximum: Double(steps.map(\.placeholders).max() ?? 0)))
        let largest = report.shifts.map(\.points).max() ?? 0
        var cumulative = 0.0
        let running = steps.map { step -> Double in cumulative += step.shift; return cumulative }
        lanes.append(report.shifts.map { shift in
            let height = largest > 0 ? h * shift.points / largest : 0
            return "<rect class=\"shift\" data-probe=\"shift\" data-step=\"\(shift.step)\" "
                + "x=\"\(n(Self.x(step: shift.step, steps: count) - 1.5))\" y=\"\(n(h - height))\" "
                + "width=\"3\" height=\"\(n(height))\"/>\n"
        }.joined() + line("cumulative", running, maximum: cumulative))
        lanes.append(steps.filter { $0.pagesFetched > 0 }.map { step in
            "<rect class=\"page\" data-probe=\"page\" data-step=\"\(step.step)\" "
                + "x=\"\(n(Self.x(step: step.step, steps: count) - 1))\" y=\"0\" width=\"2\" height=\"\(n(h))\"/>\n"
        }.joined())
        let labels = ["content offset", "cells in range", "placeholders", "layout shift", "pages fetched"]
        // Each lane's scale: what its top edge stands for.
        let scales = ["top: \(n(maxOffset)) pt", "top: \(n(maxCells)) cells",
                      "top: \(steps.map(\.placeholders).max() ?? 0) cells",
                      "bar: \(n(largest)) pt, line: \(n(cumulative)) pt", "\(report.totals.pagesFetched) pages"]
        var svg = "<svg id=\"timeline\" data-probe=\"timeline\" xmlns=\"http://www.w3.org/2000/svg\" "
            + "width=\"\(n(Self.width))\" height=\"\(n(Self.height))\" "
            + "viewBox=\"0 0 \(n(Self.width)) \(n(Self.height))\">\n"
        for (index, (id, content)) in zip(Self.lanes, lanes).enumerated() {
            svg += "<g id=\"lane-\(id)\" transform=\"translate(0,\(n(Self.laneTop(index))))\">\n"
                + "<text class=\"label\" x=\"4\" y=\"\(n(h / 2))\">\(labels[index])</text>\n"
                + "<text class=\"scale\" x=\"4\" y=\"\(n(h / 2 + 15))\">\(scales[index])</text>\n"
                + "<rect class=\"lane-bg\" data-probe=\"lane-\(id)\" x=\"\(n(Self.labelWidth))\" y=\"0\" "
                + "width=\"\(n(Self.plotWidth))\" height=\"\(n(h))\"/>\n" + content + "</g>\n"
        }
        return svg + "</svg>\n"
    }

    private func shiftsTable(_ report: SessionReport) -> String {
        var html = "<h2>Layout shifts</h2>\n<table id=\"shifts\"><tr><th>step</th><th>photo</th><th>cell</th>"
            + "<th>moved</th><th>height change</th><th>shift (pt)</th></tr>\n"
        for shift in report.shifts.prefix(500) {
            html += "<tr><td>\(shift.step)</td><td>\(shift.itemID)</td><td>\(shift.index)</td>"
                + "<td>\(n(shift.moved))</td><td>\(n(shift.heightChange))</td><td>\(n(shift.points))</td></tr>\n"
        }
        return html + "</table>\n"
    }

    private func placeholdersTable(_ report: SessionReport) -> String {
        var html = "<h2>Placeholder images on screen</h2>\n<table id=\"placeholders\"><tr><th>photo</th><th>cell</th>"
            + "<th>first step</th><th>seconds</th><th>image arrived</th></tr>\n"
        for record in report.placeholders.prefix(500) {
            html += "<tr><td>\(record.itemID)</td><td>\(record.index)</td><td>\(record.firstStep)</td>"
                + "<td>\(n(record.seconds))</td><td>\(record.imageArrived ? "yes" : "no")</td></tr>\n"
        }
        return html + "</table>\n"
    }

    /// Writes each `[data-probe]` element's page box (CSS px) into `<pre id="probe">`.
    static let probe = """
        <pre id="probe" hidden></pre>
        <script>
        window.addEventListener("load", () => {
          const boxes = [...document.querySelectorAll("[data-probe]")].map(element => {
            const box = element.getBoundingClientRect();
            const step = element.getAttribute("data-step");
            return { probe: element.getAttribute("data-probe"), step: step === null ? null : Number(step),
                     x: box.left + window.scrollX, y: box.top + window.scrollY, width: box.width, height: box.height };
          });
          document.getElementById("probe").textContent = JSON.stringify({ boxes });
        });
        </script>

        """

    private func n(_ value: Double) -> String { RenderNumber.format(value, decimals: 3) }
}
