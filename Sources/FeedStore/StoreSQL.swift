import FeedModel
import GRDB

/// The upserts shared by the named writes and the seeder (``UpsertWriter``), built from each
/// record's `savedColumns`.
///
/// Every upsert is keyed by the row's natural id and skips rows that would not change (the
/// `WHERE … IS NOT …` on `DO UPDATE`), so seeding the same data twice writes nothing the second
/// time and leaves content versions alone. A real change of a photo bumps its `content_version`
/// (the schema's trigger, `Migrations/0015_bump_content_version_by_trigger.sql`), and a changed
/// URL or coordinate sends the asset back to `pending`.
enum StoreSQL {
    static let upsertUser = upsert(into: User.databaseTableName, User.savedColumns, alsoSetting: [
        "avatar_state = CASE WHEN avatar_url IS excluded.avatar_url THEN avatar_state ELSE 'pending' END",
    ])

    static let upsertLocation = upsert(into: Location.databaseTableName, Location.savedColumns, alsoSetting: [
        "place_name = NULL", "region = NULL", "country = NULL", "geocode_state = 'pending'", "sub_locality = NULL",
        "administrative_area = NULL", "sub_administrative_area = NULL",
    ])

    static let upsertPhoto = upsert(into: Photo.databaseTableName, Photo.savedColumns, alsoSetting: [
        "image_state = CASE WHEN url IS excluded.url THEN image_state ELSE 'pending' END",
    ])

    static let upsertComment = upsert(into: Comment.databaseTableName, Comment.savedColumns)

    static let upsertCity = upsert(into: City.databaseTableName, City.savedColumns)

    /// Inserts a row of `columns` (the key first, bound in order), or updates the row of the same
    /// key when any other column differs, setting the other columns and `alsoSetting` (whose
    /// expressions see the row as it was).
    static func upsert(into table: String, _ columns: [Column], alsoSetting extra: [String] = []) -> String {
        let names = columns.map(\.name)
        let values = names.dropFirst()
        return """
            INSERT INTO \(table) (\(names.joined(separator: ", ")))
            VALUES (\(repeatElement("?", count: names.count).joined(separator: ", ")))
            ON CONFLICT (\(names[0])) DO UPDATE SET
                \((values.map { "\($0) = excluded.\($0)" } + extra).joined(separator: ", "))
            WHERE (\(values.joined(separator: ", "))) IS NOT (\(values.map { "excluded.\($0)" }.joined(separator: ", ")))
            """
    }

    /// Creates the job, or sends a finished one back to pending when its target's asset is
    /// pending again (a changed URL or coordinate).
    static func upsertJob(_ kind: SyncJob.Kind) -> String {
        let targetState = switch kind {
        case .image: "SELECT image_state FROM photo WHERE id = excluded.target_id"
        case .avatar: "SELECT avatar_state FROM user WHERE id = excluded.target_id"
        case .geocode: "SELECT geocode_state FROM location WHERE id = excluded.target_id"
        case .commentFeed:
            "SELECT CASE comments_loaded WHEN 0 THEN 'pending' ELSE 'loaded' END FROM photo WHERE id = excluded.target_id"
        }
        return """
            INSERT INTO sync_job (kind, target_id, next_run_at) VALUES ('\(kind.rawValue)', ?, ?)
            ON CONFLICT (kind, target_id) DO UPDATE SET
                state = 'pending', attempts = 0, next_run_at = excluded.next_run_at, result = NULL
            WHERE state != 'pending' AND (\(targetState)) = 'pending'
            """
    }
}
