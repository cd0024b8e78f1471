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
            for write in batch.writes where !write.isElided {
                try apply(write, places: places, statements: statements, result: &result)
            }
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
                       result: inout SyncBatchResult) throws {
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
            try applyEffect(of: job, succeeded: true, place: place, statements: statements, changes: &result.changes)
        case .retry(let job, let attempt, let nextRunAt, let message):
            guard try statements.reschedule.execute(attempt, nextRunAt, message, job.rowID, expected) > 0
            else { result.cancelled += 1; return }
            result.retried += 1
        case .giveUp(let job, let attempt, let message):
            guard try statements.markFailed.execute(attempt, message, job.rowID, expected) > 0
            else { result.cancelled += 1; return }
            result.failed += 1
            try applyEffect(of: job, succeeded: false, place: nil, statements: statements, changes: &result.changes)
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

    /// Writes a finished job's effect on its asset (loaded or failed, a location resolved or
    /// failed); records the change of every photo whose content version went up.
    private func applyEffect(of job: ScheduledJob, succeeded: Bool, place: Placemark?, statements: SyncStatements,
                             changes: inout [ContentChange]) throws {
        let id = job.key.targetID
        let assetState: AssetState = succeeded ? .loaded : .failed
        switch job.key.kind {
        case .image:
            try setImageState(assetState, of: id, statements: statements, changes: &changes)
        case .avatar:
            guard try statements.setAvatarState.execute(assetState, id) > 0 else { return }
            try bumpPhotos(statements.ownerPhotos, statements.bumpOwnerPhotos, of: id, edit: .avatarState(assetState),
                           changes: &changes)
        case .geocode where succeeded:
            let state = GeocodeState.resolved
            let (locality, region, country) = (place?.locality, place?.region, place?.country)
            guard try statements.resolveLocation.execute(locality, region, country, state, id) > 0 else { return }
            try bumpPhotos(statements.locationPhotos, statements.bumpLocationPhotos, of: id,
                           edit: .location(placeName: locality, country: country, state: state), changes: &changes)
        case .geocode:
            guard try statements.failLocation.execute(id) > 0 else { return }
            // The names stay as they were; a cell shows no place for a failed location whatever they are.
            try bumpPhotos(statements.locationPhotos, statements.bumpLocationPhotos, of: id,
                           edit: .location(placeName: nil, country: nil, state: .failed), changes: &changes)
        }
    }

    /// Sets photo `id`'s image state (bumping its content version) unless it already is `state`.
    private func setImageState(_ state: AssetState, of id: Int64, statements: SyncStatements,
                               changes: inout [ContentChange]) throws {
        guard try statements.setImageState.execute(state, id) > 0,
              let version = try statements.photoVersion.firstRow(id, read: { statements.photoVersion.int64(at: 0) })
        else { return }
        changes.append(ContentChange(photoID: id, contentVersion: version, edit: .imageState(state)))
    }

    /// Bumps the content version of the photos of the owner or location `id`: `photos` reads
    /// their ids and versions, `bump` (same condition, same transaction) changes exactly those rows.
    private func bumpPhotos(_ photos: RawStatement, _ bump: RawStatement, of id: Int64, edit: ContentChange.Edit,
                            changes: inout [ContentChange]) throws {
        let before = changes.count
        try photos.forEachRow(id) {
            changes.append(ContentChange(photoID: photos.int64(at: 0), contentVersion: photos.int64(at: 1) + 1, edit: edit))
        }
        if changes.count > before { try bump.execute(id) }
    }
}
