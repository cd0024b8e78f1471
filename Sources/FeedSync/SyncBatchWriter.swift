import FeedStore
import GRDB

/// Commits a ``SyncBatch`` in one transaction: each completion's job state, its result and the
/// content-version bump of the photos it affects happen together or not at all.
///
/// Every job update is guarded by the state the worker expects (`running`, or `pending` when the
/// attempt's start was elided within the batch), so a job deleted or reset by another writer
/// while in flight is counted as cancelled and nothing is applied for it. Reverse geocoding reads
/// the R*Tree inside the same transaction.
struct SyncBatchWriter: Sendable {
    var store: FeedStore
    var geocoder: ReverseGeocoder

    /// Applies the batch in one transaction; `beforeCommit` runs inside it, after every change.
    func commit(_ batch: SyncBatch, beforeCommit: () -> Void = {}) throws -> SyncBatchResult {
        try store.writer.write { db in
            let places = try geocode(batch, db: db)
            let statements = try SyncStatements(db)
            var result = SyncBatchResult()
            var affected: [Int64] = []
            for write in batch.writes where !write.isElided {
                try apply(write, places: places, statements: statements, result: &result, affected: &affected)
            }
            result.affectedPhotoIDs = Array(Set(affected)).sorted()
            beforeCommit()
            return result
        }
    }

    /// The placemark of every geocode success in the batch, by job row id (nil: no place near).
    private func geocode(_ batch: SyncBatch, db: Database) throws -> [Int64: Placemark?] {
        var places: [Int64: Placemark?] = [:]
        var search: NearestCitySearch?
        for write in batch.writes {
            guard case .succeed(let job, _) = write.operation, job.key.kind == .geocode,
                  let coordinate = job.coordinate else { continue }
            if search == nil { search = try NearestCitySearch(db) }
            places[job.rowID] = try geocoder.placemark(latitude: coordinate.latitude, longitude: coordinate.longitude,
                                                       search: search!)
        }
        return places
    }

    private func apply(_ write: SyncBatch.Write, places: [Int64: Placemark?], statements: SyncStatements,
                       result: inout SyncBatchResult, affected: inout [Int64]) throws {
        let expected = write.expectedState
        switch write.operation {
        case .start(let rowID):
            try statements.markRunning.execute(rowID)
        case .release(let rowID):
            try statements.release.execute(rowID)
        case .succeed(let job, let attempt):
            let place = places[job.rowID] ?? nil
            let markDone = statements.markDone
            let changed = switch job.key.kind {
            case .image, .avatar: try markDone.execute(attempt, "loaded" as StaticString, job.rowID, expected)
            case .geocode: try markDone.execute(attempt, geocodeMessage(job, place: place), job.rowID, expected)
            }
            guard changed > 0 else { result.cancelled += 1; return }
            result.succeeded += 1
            try applySuccess(job, place: place, statements: statements, affected: &affected)
        case .retry(let job, let attempt, let nextRunAt, let message):
            guard try statements.reschedule.execute(attempt, nextRunAt, message, job.rowID, expected) > 0
            else { result.cancelled += 1; return }
            result.retried += 1
        case .giveUp(let job, let attempt, let message):
            guard try statements.markFailed.execute(attempt, message, job.rowID, expected) > 0
            else { result.cancelled += 1; return }
            result.failed += 1
            try applyFailure(job, statements: statements, affected: &affected)
        case .cancel(let job):
            try statements.cancel.execute(job.rowID)
            result.cancelled += 1
        }
    }

    /// A geocode success's result: the place, or why there is none.
    private func geocodeMessage(_ job: ScheduledJob, place: Placemark?) -> String {
        guard job.coordinate != nil else { return "no such location" }
        return place?.formatted ?? "no place within \(Int(geocoder.maxKilometres)) km"
    }

    /// Writes a success's effect; adds the photos whose content version went up to `affected`.
    private func applySuccess(_ job: ScheduledJob, place: Placemark?, statements: SyncStatements,
                              affected: inout [Int64]) throws {
        let id = job.key.targetID
        switch job.key.kind {
        case .image:
            if try statements.setImageState.execute(AssetState.loaded, id) > 0 { affected.append(id) }
        case .avatar:
            guard try statements.setAvatarState.execute(AssetState.loaded, id) > 0 else { return }
            try bumpPhotos(statements.ownerPhotos, statements.bumpOwnerPhotos, of: id, affected: &affected)
        case .geocode:
            let state = GeocodeState.resolved
            let (locality, region, country) = (place?.locality, place?.region, place?.country)
            guard try statements.resolveLocation.execute(locality, region, country, state, id) > 0 else { return }
            try bumpPhotos(statements.locationPhotos, statements.bumpLocationPhotos, of: id, affected: &affected)
        }
    }

    /// Marks the job's asset failed; adds the photos whose content version went up to `affected`.
    private func applyFailure(_ job: ScheduledJob, statements: SyncStatements, affected: inout [Int64]) throws {
        let id = job.key.targetID
        switch job.key.kind {
        case .image:
            if try statements.setImageState.execute(AssetState.failed, id) > 0 { affected.append(id) }
        case .avatar:
            guard try statements.setAvatarState.execute(AssetState.failed, id) > 0 else { return }
            try bumpPhotos(statements.ownerPhotos, statements.bumpOwnerPhotos, of: id, affected: &affected)
        case .geocode:
            guard try statements.failLocation.execute(id) > 0 else { return }
            try bumpPhotos(statements.locationPhotos, statements.bumpLocationPhotos, of: id, affected: &affected)
        }
    }

    /// Bumps the content version of the photos of the owner or location `id`: `photos` reads
    /// their ids, `bump` (same condition, same transaction) changes exactly those rows.
    private func bumpPhotos(_ photos: RawStatement, _ bump: RawStatement, of id: Int64,
                            affected: inout [Int64]) throws {
        let before = affected.count
        try photos.forEachRow(id) { affected.append(photos.int64(at: 0)) }
        if affected.count > before { try bump.execute(id) }
    }
}
