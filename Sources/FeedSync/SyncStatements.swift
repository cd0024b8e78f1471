import GRDB

/// The statements a batch commit runs, taken once per transaction from the connection's
/// statement cache.
struct SyncStatements {
    let markRunning: Statement
    let release: Statement
    let markDone: Statement
    let reschedule: Statement
    let markFailed: Statement
    let cancel: Statement
    let setImageState: Statement
    let setAvatarState: Statement
    let resolveLocation: Statement
    let failLocation: Statement
    let bumpOwnerPhotos: Statement
    let bumpLocationPhotos: Statement

    init(_ db: Database) throws {
        markRunning = try db.cachedStatement(sql: "UPDATE sync_job SET state = 'running' WHERE id = ? AND state = 'pending'")
        release = try db.cachedStatement(sql: "UPDATE sync_job SET state = 'pending' WHERE id = ? AND state = 'running'")
        markDone = try db.cachedStatement(sql: """
            UPDATE sync_job SET state = 'done', attempts = ?, result = ? WHERE id = ? AND state = 'running'
            """)
        reschedule = try db.cachedStatement(sql: """
            UPDATE sync_job SET state = 'pending', attempts = ?, next_run_at = ?, result = ?
            WHERE id = ? AND state = 'running'
            """)
        markFailed = try db.cachedStatement(sql: """
            UPDATE sync_job SET state = 'failed', attempts = ?, result = ? WHERE id = ? AND state = 'running'
            """)
        cancel = try db.cachedStatement(sql: """
            UPDATE sync_job SET state = 'failed', result = 'cancelled' WHERE id = ? AND state IN ('pending', 'running')
            """)
        setImageState = try db.cachedStatement(sql: """
            UPDATE photo SET image_state = ?, content_version = content_version + 1 WHERE id = ? AND image_state != ?
            """)
        setAvatarState = try db.cachedStatement(sql: "UPDATE user SET avatar_state = ? WHERE id = ? AND avatar_state != ?")
        resolveLocation = try db.cachedStatement(sql: """
            UPDATE location SET place_name = ?, region = ?, country = ?, geocode_state = ?
            WHERE id = ? AND (place_name, region, country, geocode_state) IS NOT (?, ?, ?, ?)
            """)
        failLocation = try db.cachedStatement(sql: """
            UPDATE location SET geocode_state = 'failed' WHERE id = ? AND geocode_state != 'failed'
            """)
        bumpOwnerPhotos = try db.cachedStatement(sql: """
            UPDATE photo SET content_version = content_version + 1 WHERE owner_id = ? RETURNING id
            """)
        bumpLocationPhotos = try db.cachedStatement(sql: """
            UPDATE photo SET content_version = content_version + 1 WHERE location_id = ? RETURNING id
            """)
    }
}
