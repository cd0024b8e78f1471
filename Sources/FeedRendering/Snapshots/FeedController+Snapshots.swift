import PhotoFeed
import LayoutCore

extension FeedController {
    /// The renderers' snapshots of a laid-out page: each entry's cached (or computed) layout with
    /// the texts and images of its cell showing the entry's model (no store read).
    public func snapshots(of page: FeedPageResult) -> [CellSnapshot] {
        zip(cells.cells(for: page.entries.map(\.model)), page.entries).map { cell, entry in
            cell.snapshot(layout: entry.layout.layout(), scale: page.scale)
        }
    }

    /// The snapshot of one entry laid out at `scale`.
    public func snapshot(of entry: FeedPageEntry, scale: Double) -> CellSnapshot {
        cells.cells(for: [entry.model])[0].snapshot(layout: entry.layout.layout(), scale: scale)
    }
}
