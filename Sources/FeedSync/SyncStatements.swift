import FeedStore
import GRDB

/// The statements a batch commit runs, taken once per transaction from the connection's
/// statement cache and run through SQLite's C API (``RawStatement``).
///
/// The job updates that finish an attempt take the state they expect as their last parameter:
/// `running`, or `pending` when the attempt's start was elided (see ``SyncBatch``). A value used
/// twice is bound once (`?1`).
struct SyncStatements {
    let markRunning: RawStatement
    let release: RawStatement
    let markDone: RawStatement
    let reschedule: RawStatement
    let markFailed: RawStatement
    let cancel: RawStatement
    let setImageState: RawStatement
    let setAvatarState: RawStatement
    let resolveLocation: RawStatement
    let failLocation: RawStatement
    let photoVersion: RawStatement
    let ownerPhotos: RawStatement
    let bumpOwnerPhotos: RawStatement
    let locationPhotos: RawStatement
    let bumpLocationPhotos: RawStatement

    init(_ db: Database) throws {
        markRunning = try RawStatement(db, sql: """
            UPDATE sync_job SET state = 'running' WHERE id = ? AND state = 'pending'
            """)
        release = try RawStatement(db, sql: "UPDATE sync_job SET state = 'pending' WHERE id = ? AND state = 'running'")
        markDone = try RawStatement(db, sql: """
            UPDATE sync_job SET state = 'done', attempts = ?, result = ? WHERE id = ? AND state = ?
            """)
        reschedule = try RawStatement(db, sql: """
            UPDATE sync_job SET state = 'pending', attempts = ?, next_run_at = ?, result = ?
            WHERE id = ? AND state = ?
            """)
        markFailed = try RawStatement(db, sql: """
            UPDATE sync_job SET state = 'failed', attempts = ?, result = ? WHERE id = ? AND state = ?
            """)
        cancel = try RawStatement(db, sql: """
            UPDATE sync_job SET state = 'failed', result = 'cancelled' WHERE id = ? AND state IN ('pending', 'running')
            """)
        setImageState = try RawStatement(db, sql: """
            UPDATE photo SET image_state = ?1, content_version = content_version + 1 WHERE id = ?2 AND image_state != ?1
            """)
        setAvatarState = try RawStatement(db, sql: """
            UPDATE user SET avatar_state = ?1 WHERE id = ?2 AND avatar_state != ?1
            """)
        resolveLocation = try RawStatement(db, sql: """
            UPDATE location SET place_name = ?1, region = ?2, country = ?3, geocode_state = ?4
            WHERE id = ?5 AND (place_name, region, country, geocode_state) IS NOT (?1, ?2, ?3, ?4)
            """)
        failLocation = try RawStatement(db, sql: """
            UPDATE location SET geocode_state = 'failed' WHERE id = ? AND geocode_state != 'failed'
            """)
        photoVersion = try RawStatement(db, sql: "SELECT content_version FROM photo WHERE id = ?")
        // The photos a bump changes are read first, with the bump's own condition: in SQLite a
        // SELECT and a plain UPDATE cost about half of one `UPDATE … RETURNING`.
        ownerPhotos = try RawStatement(db, sql: "SELECT id, content_version FROM photo WHERE owner_id = ?")
        bumpOwnerPhotos = try RawStatement(db, sql: """
            UPDATE photo SET content_version = content_version + 1 WHERE owner_id = ?
            """)
        locationPhotos = try RawStatement(db, sql: "SELECT id, content_version FROM photo WHERE location_id = ?")
        bumpLocationPhotos = try RawStatement(db, sql: """
            UPDATE photo SET content_version = content_version + 1 WHERE location_id = ?
            """)
    }
}
