import FeedModel
import GRDB

/// The statements a batch commit runs, taken once per transaction from the connection's
/// statement cache and run through SQLite's C API (``RawStatement``), and the asset writes built
/// on them. The named writes (``FeedStore/setImageState(photoID:_:)`` and its kin) run the same
/// asset writes. The schema's triggers bump the content version of the photos an asset write
/// changes (`Migrations/0015_bump_content_version_by_trigger.sql`); the writes read the versions
/// the bumps made, in the same transaction, for the changes they return.
///
/// The job updates that finish an attempt take the state they expect as their last parameter:
/// `running`, or `pending` when the attempt's start was elided (see ``SyncBatch``). A value used
/// twice is bound once (`?1`). The updates that end an attempt then take the committing worker
/// and the store's now (``SyncBatchWriter/Lease``; both NULL for the one-daemon commit): with a
/// worker, they change a job only under its unexpired lease, and they clear the lease.
struct SyncStatements {
    let markRunning: RawStatement
    let release: RawStatement
    let markDone: RawStatement
    let reschedule: RawStatement
    let markFailed: RawStatement
    let cancel: RawStatement
    let setImageState: RawStatement
    let setAvatarState: RawStatement
    let setCommentsLoaded: RawStatement
    let resolveLocation: RawStatement
    let failLocation: RawStatement
    let photoVersion: RawStatement
    let ownerPhotos: RawStatement
    let locationPhotos: RawStatement

    init(_ db: Database) throws {
        markRunning = try RawStatement(db, sql: """
            UPDATE sync_job SET state = 'running' WHERE id = ? AND state = 'pending'
            """)
        release = try RawStatement(db, sql: """
            UPDATE sync_job SET state = 'pending', lease_owner = NULL, lease_expires_at = NULL
            WHERE id = ? AND state = 'running' AND (?2 IS NULL OR (lease_owner = ?2 AND lease_expires_at > ?3))
            """)
        markDone = try RawStatement(db, sql: """
            UPDATE sync_job SET state = 'done', attempts = ?, result = ?, lease_owner = NULL, lease_expires_at = NULL
            WHERE id = ? AND state = ? AND (?5 IS NULL OR (lease_owner = ?5 AND lease_expires_at > ?6))
            """)
        reschedule = try RawStatement(db, sql: """
            UPDATE sync_job SET state = 'pending', attempts = ?, next_run_at = ?, result = ?, lease_owner = NULL, lease_expires_at = NULL
            WHERE id = ? AND state = ? AND (?6 IS NULL OR (lease_owner = ?6 AND lease_expires_at > ?7))
            """)
        markFailed = try RawStatement(db, sql: """
            UPDATE sync_job SET state = 'failed', attempts = ?, result = ?, lease_owner = NULL, lease_expires_at = NULL
            WHERE id = ? AND state = ? AND (?5 IS NULL OR (lease_owner = ?5 AND lease_expires_at > ?6))
            """)
        cancel = try RawStatement(db, sql: """
            UPDATE sync_job SET state = 'failed', result = 'cancelled', lease_owner = NULL, lease_expires_at = NULL
            WHERE id = ? AND state IN ('pending', 'running') AND (?2 IS NULL OR (lease_owner = ?2 AND lease_expires_at > ?3))
            """)
        setImageState = try RawStatement(db, sql: """
            UPDATE photo SET image_state = ?1 WHERE id = ?2 AND image_state != ?1
            """)
        setAvatarState = try RawStatement(db, sql: """
            UPDATE user SET avatar_state = ?1 WHERE id = ?2 AND avatar_state != ?1
            """)
        setCommentsLoaded = try RawStatement(db, sql: """
            UPDATE photo SET comments_loaded = 1 WHERE id = ? AND comments_loaded = 0
            """)
        resolveLocation = try RawStatement(db, sql: """
            UPDATE location SET place_name = ?1, region = ?2, country = ?3, geocode_state = ?4, sub_locality = ?6,
                                administrative_area = ?7, sub_administrative_area = ?8
            WHERE id = ?5 AND (place_name, region, country, geocode_state, sub_locality, administrative_area,
                               sub_administrative_area) IS NOT (?1, ?2, ?3, ?4, ?6, ?7, ?8)
            """)
        failLocation = try RawStatement(db, sql: """
            UPDATE location SET geocode_state = 'failed' WHERE id = ? AND geocode_state != 'failed'
            """)
        // The versions the triggers gave, read after the write (a `RETURNING` shows a row before
        // the AFTER triggers ran); each by photo id, through the primary key or the foreign key's index.
        photoVersion = try RawStatement(db, sql: "SELECT content_version FROM photo WHERE id = ?")
        ownerPhotos = try RawStatement(db, sql: "SELECT id, content_version FROM photo WHERE owner_id = ?")
        locationPhotos = try RawStatement(db, sql: "SELECT id, content_version FROM photo WHERE location_id = ?")
    }
}

/// The writes of a finished job's effect on its asset. Each records the change of every photo
/// whose content version went up (the schema's triggers bump it), with the version it got.
extension SyncStatements {
    /// Sets photo `id`'s image state (which bumps its content version) unless it already is `state`.
    func setImageState(_ state: AssetState, photoID id: Int64, changes: inout [ContentChange]) throws {
        guard try setImageState.execute(state, id) > 0,
              let version = try photoVersion.firstRow(id, read: { photoVersion.int64(at: 0) })
        else { return }
        changes.append(ContentChange(photoID: id, contentVersion: version, edit: .imageState(state)))
    }

    /// Marks photo `id`'s comments loaded (its comment feed's first page arrived, which bumps its
    /// content version), unless they already are.
    func setCommentsLoaded(photoID id: Int64, changes: inout [ContentChange]) throws {
        guard try setCommentsLoaded.execute(id) > 0,
              let version = try photoVersion.firstRow(id, read: { photoVersion.int64(at: 0) })
        else { return }
        changes.append(ContentChange(photoID: id, contentVersion: version, edit: .commentsLoaded))
    }

    /// Sets user `id`'s avatar state unless it already is `state`; every photo of the user shows
    /// the avatar, so all of them get a new content version.
    func setAvatarState(_ state: AssetState, userID id: Int64, changes: inout [ContentChange]) throws {
        guard try setAvatarState.execute(state, id) > 0 else { return }
        try appendChanges(of: ownerPhotos, id, edit: .avatarState(state), to: &changes)
    }

    /// Sets location `id`'s names (its placemark's fields) and geocode state unless they already
    /// are these, which bumps the content version of the photos taken there.
    func resolveLocation(id: Int64, placeName: String?, region: String?, country: String?, state: GeocodeState,
                         subLocality: String? = nil, administrativeArea: String? = nil,
                         subAdministrativeArea: String? = nil, changes: inout [ContentChange]) throws {
        guard try resolveLocation.execute(placeName, region, country, state, id, subLocality, administrativeArea,
                                          subAdministrativeArea) > 0 else { return }
        let edit = ContentChange.Edit.location(placeName: placeName, country: country, state: state,
                                               subLocality: subLocality, administrativeArea: administrativeArea,
                                               subAdministrativeArea: subAdministrativeArea)
        try appendChanges(of: locationPhotos, id, edit: edit, to: &changes)
    }

    /// Marks location `id` failed unless it is; the names stay as they were (a cell shows no
    /// place for a failed location whatever they are).
    func failLocation(id: Int64, changes: inout [ContentChange]) throws {
        guard try failLocation.execute(id) > 0 else { return }
        try appendChanges(of: locationPhotos, id, edit: .location(placeName: nil, country: nil, state: .failed),
                          to: &changes)
    }

    /// Appends a change for each photo of the owner or location `id` (`photos` reads their ids
    /// and the versions the write's trigger gave them).
    private func appendChanges(of photos: RawStatement, _ id: Int64, edit: ContentChange.Edit,
                               to changes: inout [ContentChange]) throws {
        try photos.forEachRow(id) {
            changes.append(ContentChange(photoID: photos.int64(at: 0), contentVersion: photos.int64(at: 1), edit: edit))
        }
    }
}
