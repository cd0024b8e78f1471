import GRDB
import Locking

/// The store's ``CityGrid``, built on first use and kept while the cities stay as they were.
///
/// The grid is taken on a connection inside the caller's transaction (the daemon's commit). It
/// is kept while `PRAGMA data_version` says no other connection has committed since it was
/// checked; after another connection's commit a checksum of the `city` rows (count, largest id,
/// id-weighted sums of the coordinates) decides whether it is rebuilt, so a busy database costs
/// one scan of `city` per batch at most, never a rebuild when only other tables changed. This
/// store's own seeding calls ``invalidate()``: seeding is the only writer of `city`.
///
/// One instance is shared by every copy of a ``FeedStore`` value; another store value opened on
/// the same file keeps its own. Thread safety: the state is reached only under its lock.
final class CityGridCache: Sendable {
    private struct State: Sendable {
        var grid: CityGrid
        var dataVersion: Int64
        var checksum: Checksum
    }

    /// What says whether `city` changed.
    private struct Checksum: Equatable, Sendable {
        var count: Int64
        var largestID: Int64
        var latitudes: Double
        var longitudes: Double
    }

    private let state = Locked<State?>(nil)

    /// The grid of the cities `db` sees, built or checked as described above.
    func grid(_ db: Database) throws -> CityGrid {
        let version = try RawStatement(db, sql: "PRAGMA data_version")
        let dataVersion = try version.firstRow { version.int64(at: 0) } ?? 0
        if let kept = state.withLock({ $0 }) {
            if kept.dataVersion == dataVersion { return kept.grid }
            let checksum = try Self.checksum(db)
            if checksum == kept.checksum {
                state.withLock { $0?.dataVersion = dataVersion }
                return kept.grid
            }
        }
        let built = State(grid: try CityGrid(db), dataVersion: dataVersion, checksum: try Self.checksum(db))
        state.withLock { $0 = built }
        return built.grid
    }

    /// Forgets the grid (this store wrote `city`).
    func invalidate() {
        state.withLock { $0 = nil }
    }

    private static func checksum(_ db: Database) throws -> Checksum {
        let statement = try RawStatement(db, sql: """
            SELECT COUNT(*), COALESCE(MAX(id), 0), TOTAL(id * latitude), TOTAL(id * longitude) FROM city
            """)
        return try statement.firstRow {
            Checksum(count: statement.int64(at: 0), largestID: statement.int64(at: 1),
                     latitudes: statement.double(at: 2), longitudes: statement.double(at: 3))
        } ?? Checksum(count: 0, largestID: 0, latitudes: 0, longitudes: 0)
    }
}
