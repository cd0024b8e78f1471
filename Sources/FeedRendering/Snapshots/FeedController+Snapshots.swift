import PhotoFeed
import LayoutCore

extension FeedController {
    /// The renderers' snapshots of a laid-out page: each entry's cached (or computed) layout with
    /// its cell's texts and images. One query reads the comments of the page.
    public func snapshots(of page: FeedPageResult) throws -> [CellSnapshot] {
        let cells = try self.cells(for: page.entries.map(\.item))
        return zip(cells, page.entries).map { cell, entry in
            cell.snapshot(layout: entry.layout.layout(), scale: page.scale)
        }
    }

    /// The snapshot of one entry laid out at `scale`.
    public func snapshot(of entry: FeedPageEntry, scale: Double) throws -> CellSnapshot {
        let cell = try cells(for: [entry.item])[0]
        return cell.snapshot(layout: entry.layout.layout(), scale: scale)
    }
}
