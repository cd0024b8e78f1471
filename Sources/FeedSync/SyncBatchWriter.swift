import FeedStore
import GRDB

/// Commits a ``SyncBatch`` in one transaction: each completion's job state, its result and the
/// content-version bump of the photos it affects happen together or not at all.
///
/// Every job update is guarded by the state the worker expects (`running`), so a job deleted or
/// reset by another writer while in flight is counted as cancelled and nothing is applied for
/// it. Reverse geocoding reads the R*Tree inside the same transaction.
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
            for operation in batch.operations {
                try apply(operation, places: places, statements: statements, db: db, result: &result,
                          affected: &affected)
            }
            result.affectedPhotoIDs = Array(Set(affected)).sorted()
            beforeCommit()
            return result
        }
    }

    /// The placemark of every geocode success in the batch, by job row id (nil: no place near).
    private func geocode(_ batch: SyncBatch, db: Database) throws -> [Int64: Placemark?] {
        var places: [Int64: Placemark?] = [:]
        for case .succeed(let job, _) in batch.operations where job.key.kind == .geocode {
            guard let coordinate = job.coordinate else { continue }
            places[job.rowID] = try geocoder.placemark(latitude: coordinate.latitude,
                                                       longitude: coordinate.longitude, db: db)
        }
        return places
    }

    private func apply(_ operation: SyncBatch.Operation, places: [Int64: Placemark?],
                       statements: SyncStatements, db: Database, result: inout SyncBatchResult,
                       affected: inout [Int64]) throws {
        switch operation {
        case .start(let rowID):
            try statements.markRunning.execute(arguments: [rowID])
        case .release(let rowID):
            try statements.release.execute(arguments: [rowID])
        case .succeed(let job, let attempt):
            let place = places[job.rowID] ?? nil
            let message = successMessage(job, place: place)
            try statements.markDone.execute(arguments: [attempt, message, job.rowID])
            guard db.changesCount > 0 else { result.cancelled += 1; return }
            result.succeeded += 1
            affected += try applySuccess(job, place: place, statements: statements, db: db)
        case .retry(let job, let attempt, let nextRunAt, let message):
            try statements.reschedule.execute(arguments: [attempt, nextRunAt, message, job.rowID])
            guard db.changesCount > 0 else { result.cancelled += 1; return }
            result.retried += 1
        case .giveUp(let job, let attempt, let message):
            try statements.markFailed.execute(arguments: [attempt, message, job.rowID])
            guard db.changesCount > 0 else { result.cancelled += 1; return }
            result.failed += 1
            affected += try applyFailure(job, statements: statements, db: db)
        case .cancel(let job):
            try statements.cancel.execute(arguments: [job.rowID])
            result.cancelled += 1
        }
    }

    private func successMessage(_ job: ScheduledJob, place: Placemark?) -> String {
        switch job.key.kind {
        case .image, .avatar:
            return "loaded"
        case .geocode:
            guard job.coordinate != nil else { return "no such location" }
            return place?.formatted ?? "no place within \(Int(geocoder.maxKilometres)) km"
        }
    }

    /// Writes a success's effect; returns the photos whose content version went up.
    private func applySuccess(_ job: ScheduledJob, place: Placemark?, statements: SyncStatements,
                              db: Database) throws -> [Int64] {
        let id = job.key.targetID
        switch job.key.kind {
        case .image:
            try statements.setImageState.execute(arguments: [AssetState.loaded, id, AssetState.loaded])
            return db.changesCount > 0 ? [id] : []
        case .avatar:
            try statements.setAvatarState.execute(arguments: [AssetState.loaded, id, AssetState.loaded])
            guard db.changesCount > 0 else { return [] }
            return try Int64.fetchAll(statements.bumpOwnerPhotos, arguments: [id])
        case .geocode:
            let state = GeocodeState.resolved
            let (locality, region, country) = (place?.locality, place?.region, place?.country)
            try statements.resolveLocation.execute(arguments: [
                locality, region, country, state, id, locality, region, country, state,
            ])
            guard db.changesCount > 0 else { return [] }
            return try Int64.fetchAll(statements.bumpLocationPhotos, arguments: [id])
        }
    }

    /// Marks the job's asset failed; returns the photos whose content version went up.
    private func applyFailure(_ job: ScheduledJob, statements: SyncStatements, db: Database) throws -> [Int64] {
        let id = job.key.targetID
        switch job.key.kind {
        case .image:
            try statements.setImageState.execute(arguments: [AssetState.failed, id, AssetState.failed])
            return db.changesCount > 0 ? [id] : []
        case .avatar:
            try statements.setAvatarState.execute(arguments: [AssetState.failed, id, AssetState.failed])
            guard db.changesCount > 0 else { return [] }
            return try Int64.fetchAll(statements.bumpOwnerPhotos, arguments: [id])
        case .geocode:
            try statements.failLocation.execute(arguments: [id])
            guard db.changesCount > 0 else { return [] }
            return try Int64.fetchAll(statements.bumpLocationPhotos, arguments: [id])
        }
    }
}
