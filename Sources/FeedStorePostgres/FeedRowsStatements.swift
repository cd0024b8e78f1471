import FeedModel
import Foundation
import PostgresNIO

/// The statements of ``FeedServing``'s reads: each returns a page's rows (or one photo's) with
/// each photo's first comments and its cached layout at one slot, in one statement, so one round
/// trip and one snapshot.
///
/// `page` picks the photos (keyset pagination over `photo_feed`, as
/// ``PostgresFeedStore/feedPage(after:limit:)`` does); each is read with its owner, location
/// and comment count (``FeedItem/postgresColumns``), its first comments, oldest first and ties
/// by id, as two arrays (authors, bodies; only once its comment feed has loaded, as
/// ``PostgresFeedStore/firstComments(photoIDs:limit:)`` reads them), and its link at the slot
/// joined with the shared layout (``PostgresFeedStore/layoutLookupSQL``'s tables and joins).
///
/// They are prepared statements (postgres-nio prepares each once per connection), so the server
/// plans them once per connection rather than at every page.
enum FeedRowsSQL {
    /// The statement over the photos `page` selects (`id`, `uploaded_at`, `comments_loaded`),
    /// whose parameters are `$1` to `$pageParameters`; the comment limit and the slot follow.
    ///
    /// Each lateral subquery is kept apart from the main query (`OFFSET 0`, a materialized page),
    /// so that the plan the server keeps for the prepared statement, made without the parameters'
    /// values, still reads each photo's rows by key: a page costs the same whatever the table
    /// sizes and whatever `LIMIT` the plan assumed.
    static func statement(page: String, pageParameters: Int) -> String {
        """
        WITH page AS MATERIALIZED (\(page))
        SELECT item.*, \(laterallyJoined)
        FROM page
        CROSS JOIN LATERAL (
            SELECT \(FeedItem.postgresColumns) \(FeedItem.postgresFrom) WHERE p.id = page.id OFFSET 0
        ) AS item
        \(laterals(photo: "page", parameters: pageParameters))
        ORDER BY page.uploaded_at DESC, page.id DESC
        """
    }

    /// The statement of one photo, `$1`: the same columns without the page around them (a
    /// smaller plan for the server to start at every read).
    static let itemStatement = """
        SELECT \(FeedItem.postgresColumns), \(laterallyJoined)
        \(FeedItem.postgresFrom)
        \(laterals(photo: "p", parameters: 1))
        WHERE p.id = $1
        """

    /// The columns of ``laterals(photo:parameters:)``.
    private static let laterallyJoined = """
        first.authors, first.bodies, layout.fingerprint, layout.engine_version, layout.width, layout.height, \
        layout.frames
        """

    /// The first comments and the layout of the photo row named `photo` (with `id` and
    /// `comments_loaded`), as lateral joins whose parameters (the comment limit, then the slot)
    /// follow the statement's first `parameters`.
    private static func laterals(photo: String, parameters: Int) -> String {
        let comments = parameters + 1, slot = parameters + 2
        return """
            LEFT JOIN LATERAL (
                SELECT array_agg((SELECT cu.username FROM "user" cu WHERE cu.id = head.author_id)
                                 ORDER BY head.created_at, head.id) AS authors,
                       array_agg(head.body ORDER BY head.created_at, head.id) AS bodies
                FROM (
                    SELECT fc.author_id, fc.body, fc.created_at, fc.id FROM comment fc
                    WHERE \(photo).comments_loaded AND fc.photo_id = \(photo).id
                    ORDER BY fc.created_at, fc.id LIMIT $\(comments)
                ) AS head
            ) AS first ON true
            LEFT JOIN LATERAL (
                SELECT lc.fingerprint, lc.engine_version, lc.width, lc.height, cl.frames
                FROM layout_cache lc
                JOIN cell_layout cl ON cl.fingerprint = lc.fingerprint AND cl.cell_kind = lc.cell_kind
                    AND cl.min_width = lc.min_width AND cl.min_height = lc.min_height
                    AND cl.max_width = lc.max_width AND cl.max_height = lc.max_height AND cl.scale = lc.scale
                WHERE lc.photo_id = \(photo).id AND lc.cell_kind = $\(slot) AND lc.min_width = $\(slot + 1)
                  AND lc.min_height = $\(slot + 2) AND lc.max_width = $\(slot + 3) AND lc.max_height = $\(slot + 4)
                  AND lc.scale = $\(slot + 5)
                OFFSET 0
            ) AS layout ON true
            """
    }

    /// Appends the comment limit and the slot's columns, after a statement's page parameters.
    static func appendRest(to binds: inout PostgresBindings, commentLimit: Int, slot: LayoutSlot) {
        binds.append(Int64(commentLimit))
        binds.append(slot.cellKind)
        let range = slot.sizeRange
        for bound in [range.minWidth, range.minHeight, range.maxWidth, range.maxHeight, slot.scale] {
            binds.append(bound)
        }
    }

    /// One row of these statements: the item, its first comments, its layout (nil when there is
    /// none, or its frames do not decode or are not plausible: a damaged row is a miss).
    static func decode(_ row: PostgresRow) throws -> (item: FeedItem, comments: [CommentLine], layout: StoredLayout?) {
        var reader = PostgresColumnReader(row)
        let item = try FeedItem(reading: &reader)
        let authors = try reader.texts("authors"), bodies = try reader.texts("bodies")
        let comments = zip(authors, bodies).map { CommentLine(authorName: $0, body: $1) }
        let fingerprint = try reader.optionalBytes("fingerprint"), engineVersion = try reader.optionalInt64("engine_version")
        let width = try reader.optionalDouble("width"), height = try reader.optionalDouble("height")
        let frames = try reader.optionalBytes("frames")
        var layout: StoredLayout?
        if let fingerprint, let engineVersion, let width, let height, let frames,
           let decoded = LayoutBlob.decode(Data(frames)) {
            let cached = CachedLayout(width: width, height: height, frames: decoded)
            if cached.isPlausible {
                layout = StoredLayout(fingerprint: fingerprint, engineVersion: Int(engineVersion), layout: cached)
            }
        }
        return (item, comments, layout)
    }
}

/// The first page: the newest `limit` photos (callers ask one more than they show, to know
/// whether there is a next page).
struct FirstPageRowsStatement: PostgresPreparedStatement {
    static let sql = FeedRowsSQL.statement(page: """
        SELECT id, uploaded_at, comments_loaded FROM photo ORDER BY uploaded_at DESC, id DESC LIMIT $1
        """, pageParameters: 1)

    var limit: Int
    var commentLimit: Int
    var slot: LayoutSlot

    func makeBindings() throws -> PostgresBindings {
        var binds = PostgresBindings(capacity: 8)
        binds.append(Int64(limit))
        FeedRowsSQL.appendRest(to: &binds, commentLimit: commentLimit, slot: slot)
        return binds
    }

    func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }
}

/// A page after a cursor: the `limit` photos after (upload time, id), newest first.
struct PageAfterRowsStatement: PostgresPreparedStatement {
    static let sql = FeedRowsSQL.statement(page: """
        SELECT id, uploaded_at, comments_loaded FROM photo WHERE (uploaded_at, id) < ($1::bigint, $2::bigint)
        ORDER BY uploaded_at DESC, id DESC LIMIT $3
        """, pageParameters: 3)

    var cursor: FeedCursor
    var limit: Int
    var commentLimit: Int
    var slot: LayoutSlot

    func makeBindings() throws -> PostgresBindings {
        var binds = PostgresBindings(capacity: 10)
        binds.append(cursor.uploadedAt)
        binds.append(cursor.id)
        binds.append(Int64(limit))
        FeedRowsSQL.appendRest(to: &binds, commentLimit: commentLimit, slot: slot)
        return binds
    }

    func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }
}

/// One photo, as a page of one (none when there is no such photo).
struct ItemRowsStatement: PostgresPreparedStatement {
    static let sql = FeedRowsSQL.itemStatement

    var photoID: Int64
    var commentLimit: Int
    var slot: LayoutSlot

    func makeBindings() throws -> PostgresBindings {
        var binds = PostgresBindings(capacity: 8)
        binds.append(photoID)
        FeedRowsSQL.appendRest(to: &binds, commentLimit: commentLimit, slot: slot)
        return binds
    }

    func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }
}
