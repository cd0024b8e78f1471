import FeedStore
import PostgresNIO

/// Applies a ``SyncBatch`` inside the caller's transaction, write by write, as the SQLite
/// store's batch writer does: every job update is guarded by the state the batch expects, and a
/// job changed meanwhile counts as cancelled with nothing applied for it.
///
/// With a ``Lease``, each job update also requires that the worker holds the job under a lease
/// that has not expired, and clears the lease; a completion whose lease was lost is discarded.
struct PostgresBatchWriter {
    /// The worker committing, and the time its leases must outlast.
    struct Lease {
        var worker: String
        var now: Int64
    }

    let session: PostgresSession
    let geocoder: ReverseGeocoder
    let lease: Lease?

    func commit(_ batch: SyncBatch) throws -> SyncBatchResult {
        var result = SyncBatchResult()
        let search = PostgresCitySearch(session: session)
        for write in batch.writes where !write.isElided {
            try apply(write, search: search, result: &result)
        }
        return result
    }

    /// The guard every job update carries: the expected state, and the lease when there is one.
    private func guarded(_ rowID: Int64, _ expected: SyncJob.State) -> String {
        var condition = "id = \(rowID) AND state = '\(expected.rawValue)'"
        if let lease {
            condition += " AND lease_owner = \(literal(lease.worker)) AND lease_expires_at > \(lease.now)"
        }
        return condition
    }

    /// A string literal of `text` (the worker's name), quotes doubled.
    private func literal(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }

    private func updateJob(_ set: String, _ rowID: Int64, _ expected: SyncJob.State) throws -> Bool {
        let sql = "UPDATE sync_job SET \(set), lease_owner = NULL, lease_expires_at = NULL "
            + "WHERE \(guarded(rowID, expected))"
        return try session.execute(PostgresQuery(unsafeSQL: sql)) > 0
    }

    private func apply(_ write: SyncBatch.Write, search: PostgresCitySearch, result: inout SyncBatchResult) throws {
        let expected = write.expectedState
        switch write.operation {
        case .start(let rowID):
            try session.execute("UPDATE sync_job SET state = 'running' WHERE id = \(rowID) AND state = 'pending'")
        case .release(let rowID):
            _ = try updateJob("state = 'pending'", rowID, .running)
        case .succeed(let job, let attempt):
            var place: Placemark?
            var message = "loaded"
            if job.key.kind == .geocode {
                if let coordinate = job.coordinate {
                    place = try search.placemark(latitude: coordinate.latitude, longitude: coordinate.longitude,
                                                 geocoder: geocoder)
                    message = place?.formatted ?? "no place within \(Int(geocoder.maxKilometres)) km"
                } else {
                    message = "no such location"
                }
            }
            guard try markFinished(job.rowID, state: "done", attempt: attempt, message: message, expected)
            else { result.cancelled += 1; return }
            result.succeeded += 1
            try applyEffect(of: job, succeeded: true, place: place, changes: &result.changes)
        case .retry(let job, let attempt, let nextRunAt, let message):
            let binds = bindings(attempt, nextRunAt, message)
            let sql = "UPDATE sync_job SET state = 'pending', attempts = $1, next_run_at = $2, result = $3, "
                + "lease_owner = NULL, lease_expires_at = NULL WHERE \(guarded(job.rowID, expected))"
            guard try session.execute(PostgresQuery(unsafeSQL: sql, binds: binds)) > 0
            else { result.cancelled += 1; return }
            result.retried += 1
        case .giveUp(let job, let attempt, let message):
            guard try markFinished(job.rowID, state: "failed", attempt: attempt, message: message, expected)
            else { result.cancelled += 1; return }
            result.failed += 1
            try applyEffect(of: job, succeeded: false, place: nil, changes: &result.changes)
        case .cancel(let job):
            try session.execute("""
                UPDATE sync_job SET state = 'failed', result = 'cancelled', lease_owner = NULL, lease_expires_at = NULL
                WHERE id = \(job.rowID) AND (state = 'pending' OR state = 'running')
                """)
            result.cancelled += 1
        }
    }

    private func bindings(_ attempt: Int, _ nextRunAt: Int64, _ message: String) -> PostgresBindings {
        var binds = PostgresBindings()
        binds.append(Int64(attempt))
        binds.append(nextRunAt)
        binds.append(message)
        return binds
    }

    private func markFinished(_ rowID: Int64, state: String, attempt: Int, message: String,
                              _ expected: SyncJob.State) throws -> Bool {
        var binds = PostgresBindings()
        binds.append(state)
        binds.append(Int64(attempt))
        binds.append(message)
        let sql = "UPDATE sync_job SET state = $1, attempts = $2, result = $3, lease_owner = NULL, "
            + "lease_expires_at = NULL WHERE \(guarded(rowID, expected))"
        return try session.execute(PostgresQuery(unsafeSQL: sql, binds: binds)) > 0
    }

    /// Writes a finished job's effect on its asset (loaded or failed, a location resolved or
    /// failed, a photo's comments loaded); records the change of every photo whose content version
    /// went up. A comment feed that failed for good leaves the photo without comments: no change.
    private func applyEffect(of job: ScheduledJob, succeeded: Bool, place: Placemark?,
                             changes: inout [ContentChange]) throws {
        let id = job.key.targetID
        let state: AssetState = succeeded ? .loaded : .failed
        switch job.key.kind {
        case .image:
            for row in try session.query("""
                UPDATE photo SET image_state = \(state.rawValue), content_version = content_version + 1
                WHERE id = \(id) AND image_state != \(state.rawValue) RETURNING content_version
                """).rows {
                changes.append(ContentChange(photoID: id, contentVersion: try row.decode(Int64.self),
                                             edit: .imageState(state)))
            }
        case .avatar:
            guard try session.execute("""
                UPDATE "user" SET avatar_state = \(state.rawValue)
                WHERE id = \(id) AND avatar_state != \(state.rawValue)
                """) > 0 else { return }
            try bumpPhotos(where: "owner_id", equals: id, edit: .avatarState(state), changes: &changes)
        case .geocode where succeeded:
            let placeName = place?.locality, region = place?.region, country = place?.country
            let subLocality = place?.subLocality, area = place?.administrativeArea
            let subArea = place?.subAdministrativeArea
            guard try session.execute("""
                UPDATE location SET place_name = \(placeName), region = \(region), country = \(country),
                                    geocode_state = 'resolved', sub_locality = \(subLocality),
                                    administrative_area = \(area), sub_administrative_area = \(subArea)
                WHERE id = \(id) AND (place_name, region, country, geocode_state, sub_locality, administrative_area,
                                      sub_administrative_area)
                    IS DISTINCT FROM (\(placeName)::text, \(region)::text, \(country)::text, 'resolved',
                                      \(subLocality)::text, \(area)::text, \(subArea)::text)
                """) > 0 else { return }
            try bumpPhotos(where: "location_id", equals: id,
                           edit: .location(placeName: placeName, country: country, state: .resolved,
                                           subLocality: subLocality, administrativeArea: area,
                                           subAdministrativeArea: subArea),
                           changes: &changes)
        case .geocode:
            guard try session.execute("""
                UPDATE location SET geocode_state = 'failed' WHERE id = \(id) AND geocode_state != 'failed'
                """) > 0 else { return }
            try bumpPhotos(where: "location_id", equals: id,
                           edit: .location(placeName: nil, country: nil, state: .failed), changes: &changes)
        case .commentFeed where succeeded:
            for row in try session.query("""
                UPDATE photo SET comments_loaded = true, content_version = content_version + 1
                WHERE id = \(id) AND NOT comments_loaded RETURNING content_version
                """).rows {
                changes.append(ContentChange(photoID: id, contentVersion: try row.decode(Int64.self),
                                             edit: .commentsLoaded))
            }
        case .commentFeed:
            break
        }
    }

    /// Bumps the content version of the photos whose `column` is `id`, recording each, by photo id.
    private func bumpPhotos(where column: String, equals id: Int64, edit: ContentChange.Edit,
                            changes: inout [ContentChange]) throws {
        var binds = PostgresBindings()
        binds.append(id)
        let sql = "UPDATE photo SET content_version = content_version + 1 WHERE \(column) = $1 "
            + "RETURNING id, content_version"
        let bumped = try session.query(PostgresQuery(unsafeSQL: sql, binds: binds)).rows
            .map { try $0.decode((Int64, Int64).self) }.sorted { $0.0 < $1.0 }
        for (photoID, version) in bumped {
            changes.append(ContentChange(photoID: photoID, contentVersion: version, edit: edit))
        }
    }
}
