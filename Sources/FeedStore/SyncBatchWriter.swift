import FeedModel
import GRDB

/// Commits a ``SyncBatch`` in one transaction: each completion's job state, its result and the
/// content-version bump of the photos it affects happen together or not at all.
///
/// Every job update is guarded by the state the worker expects (`running`, or `pending` when the
/// attempt's start was elided within the batch), so a job deleted or reset by another writer
/// while in flight is counted as cancelled and nothing is applied for it. Reverse geocoding finds
/// the nearest city in the store's ``CityGrid`` (the R*Tree's cities in memory, checked against
/// the database inside the same transaction) and reads its names in that transaction.
///
/// The statements are SQLite's C API on statements from the connection's cache
/// (``SyncStatements``): the commit is the daemon's hot path (`bin/bench sync`).
extension FeedStore {
    /// Applies the batch in one transaction; `beforeCommit` runs inside it, after every change.
    public func commit(_ batch: SyncBatch, geocoder: ReverseGeocoder,
                       beforeCommit: () -> Void = {}) throws -> SyncBatchResult {
        try writer.write { db in
            try SyncBatchWriter(geocoder: geocoder, cityGrids: cityGrids).commit(batch, db: db, beforeCommit: beforeCommit)
        }
    }
}

/// One commit of a ``SyncBatch`` on a connection inside its write transaction.
///
/// With a ``Lease``, each job update also requires that the worker holds the job under a lease
/// that has not expired; a completion whose lease was lost is discarded and counted as
/// cancelled. Every job update that ends an attempt clears the job's lease.
struct SyncBatchWriter {
    /// The worker committing, and the store time its leases must outlast.
    struct Lease {
        var worker: String
        var now: Int64
    }

    var geocoder: ReverseGeocoder
    /// Where reverse geocoding finds the cities (``CityGrid``: the R*Tree search's answers, from memory).
    var cityGrids: CityGridCache
    /// Nil: the one-daemon commit, guarded by the expected states alone.
    var lease: Lease?

    init(geocoder: ReverseGeocoder, cityGrids: CityGridCache, lease: Lease? = nil) {
        self.geocoder = geocoder
        self.cityGrids = cityGrids
        self.lease = lease
    }

    func commit(_ batch: SyncBatch, db: Database, beforeCommit: () -> Void) throws -> SyncBatchResult {
        let places = try geocode(batch, db: db)
        let statements = try SyncStatements(db)
        var result = SyncBatchResult()
        for write in batch.writes where !write.isElided {
            try apply(write, places: places, statements: statements, result: &result)
        }
        beforeCommit()
        return result
    }

    /// The placemark of every geocode success in the batch, by job row id (nil: no place near):
    /// the nearest city from the store's ``CityGrid`` when it has a current one for the batch,
    /// else from the R*Tree (the same answers), and its names from `city`.
    private func geocode(_ batch: SyncBatch, db: Database) throws -> [Int64: Placemark?] {
        let lookups: [(rowID: Int64, coordinate: ScheduledJob.Coordinate)] = batch.writes.compactMap { write in
            guard case .succeed(let job, _) = write.operation, job.key.kind == .geocode,
                  let coordinate = job.coordinate else { return nil }
            return (job.rowID, coordinate)
        }
        guard !lookups.isEmpty else { return [:] }
        let search = try NearestCitySearch(db)
        let grid = try cityGrids.grid(db, lookups: lookups.count)
        var places: [Int64: Placemark?] = [:]
        for (rowID, coordinate) in lookups {
            let place: Placemark? = if let grid {
                try geocoder.placemark(latitude: coordinate.latitude, longitude: coordinate.longitude, grid: grid,
                                       names: search)
            } else {
                try geocoder.placemark(latitude: coordinate.latitude, longitude: coordinate.longitude, search: search)
            }
            places[rowID] = place
        }
        return places
    }

    private func apply(_ write: SyncBatch.Write, places: [Int64: Placemark?], statements: SyncStatements,
                       result: inout SyncBatchResult) throws {
        let expected = write.expectedState
        let owner = lease?.worker, now = lease?.now
        switch write.operation {
        case .start(let rowID):
            try statements.markRunning.execute(rowID)
        case .release(let rowID):
            try statements.release.execute(rowID, owner, now)
        case .succeed(let job, let attempt):
            let place = places[job.rowID] ?? nil
            let markDone = statements.markDone
            let changed = switch job.key.kind {
            case .image, .avatar, .commentFeed:
                try markDone.execute(attempt, "loaded" as StaticString, job.rowID, expected, owner, now)
            case .geocode:
                try markDone.execute(attempt, geocodeMessage(job, place: place), job.rowID, expected, owner, now)
            }
            guard changed > 0 else { result.cancelled += 1; return }
            result.succeeded += 1
            try applyEffect(of: job, succeeded: true, place: place, statements: statements, changes: &result.changes)
        case .retry(let job, let attempt, let nextRunAt, let message):
            guard try statements.reschedule.execute(attempt, nextRunAt, message, job.rowID, expected, owner, now) > 0
            else { result.cancelled += 1; return }
            result.retried += 1
        case .giveUp(let job, let attempt, let message):
            guard try statements.markFailed.execute(attempt, message, job.rowID, expected, owner, now) > 0
            else { result.cancelled += 1; return }
            result.failed += 1
            try applyEffect(of: job, succeeded: false, place: nil, statements: statements, changes: &result.changes)
        case .cancel(let job):
            try statements.cancel.execute(job.rowID, owner, now)
            result.cancelled += 1
        }
    }

    /// A geocode success's result: the place, or why there is none.
    private func geocodeMessage(_ job: ScheduledJob, place: Placemark?) -> String {
        guard job.coordinate != nil else { return "no such location" }
        return place?.formatted ?? "no place within \(Int(geocoder.maxKilometres)) km"
    }

    /// Writes a finished job's effect on its asset (loaded or failed, a location resolved or
    /// failed, a photo's comments loaded); records the change of every photo whose content version
    /// went up. A comment feed that failed for good leaves the photo without comments: no change.
    private func applyEffect(of job: ScheduledJob, succeeded: Bool, place: Placemark?, statements: SyncStatements,
                             changes: inout [ContentChange]) throws {
        let id = job.key.targetID
        let assetState: AssetState = succeeded ? .loaded : .failed
        switch job.key.kind {
        case .image:
            try statements.setImageState(assetState, photoID: id, changes: &changes)
        case .avatar:
            try statements.setAvatarState(assetState, userID: id, changes: &changes)
        case .geocode where succeeded:
            try statements.resolveLocation(id: id, placeName: place?.locality, region: place?.region,
                                           country: place?.country, state: .resolved, subLocality: place?.subLocality,
                                           administrativeArea: place?.administrativeArea,
                                           subAdministrativeArea: place?.subAdministrativeArea, changes: &changes)
        case .geocode:
            try statements.failLocation(id: id, changes: &changes)
        case .commentFeed where succeeded:
            try statements.setCommentsLoaded(photoID: id, changes: &changes)
        case .commentFeed:
            break
        }
    }
}
