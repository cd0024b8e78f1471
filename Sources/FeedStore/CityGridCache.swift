import FeedModel
import GRDB
import Locking

/// The store's ``CityGrid``, built on first use and kept while no other connection writes.
///
/// The grid is taken on a connection inside the caller's transaction (the daemon's commit). It
/// is current while `PRAGMA data_version` shows no other connection's commit since it was
/// built; this store's own seeding, the only writer of `city`, calls ``invalidate()``. A grid
/// made stale by another connection's commit (a `feed` storing layouts, say: mostly not a change
/// of `city`) is built again only for a batch of at least ``rebuildLookups`` lookups, which
/// repays the reading of every city; a smaller batch searches the R*Tree (the same answers).
///
/// One instance is shared by every copy of a ``FeedStore`` value; another store value opened on
/// the same file keeps its own. Thread safety: the state is reached only under its lock.
final class CityGridCache: Sendable {
    /// The fewest lookups of a batch for which a stale grid is built again.
    static let rebuildLookups = 256

    private struct State: Sendable {
        var grid: CityGrid
        var dataVersion: Int64
    }

    private let state = Locked<State?>(nil)

    /// A current grid of the cities `db` sees for a batch of `lookups` lookups, or nil when the
    /// R*Tree should answer them (see above).
    func grid(_ db: Database, lookups: Int) throws -> CityGrid? {
        let version = try RawStatement(db, sql: "PRAGMA data_version")
        let dataVersion = try version.firstRow { version.int64(at: 0) } ?? 0
        let kept = state.withLock { $0 }
        if let kept, kept.dataVersion == dataVersion { return kept.grid }
        if kept != nil && lookups < Self.rebuildLookups { return nil }
        let built = State(grid: try CityGrid(db), dataVersion: dataVersion)
        state.withLock { $0 = built }
        return built.grid
    }

    /// Forgets the grid (this store wrote `city`).
    func invalidate() {
        state.withLock { $0 = nil }
    }
}
