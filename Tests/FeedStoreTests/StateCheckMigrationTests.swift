@testable import FeedModel
@_spi(SQLiteAccess) @testable import FeedStore
import Foundation
import GRDB
import LayoutTestSupport
import Testing

/// Migration 0007 rebuilds user, location, photo and sync_job with their state CHECKs written
/// as equality chains: every row survives (nothing cascades from dropping a parent table), the
/// same values are refused, and a state update no longer builds a temporary B-tree.
@Suite(.blockingWork) struct StateCheckMigrationTests {
    static let previous = "0006_index_comments_in_display_order"

    /// A seeded store at migration 0006 with some states already moved on.
    static func storeBeforeRebuild() throws -> FeedStore {
        let store = try StoreFixture.store(.file, migrationTarget: .upTo(previous))
        try StoreFixture.copySmallSeed(into: store)
        try store.writer.write { db in
            try db.execute(sql: """
                UPDATE sync_job SET state = 'done', attempts = 2, result = 'loaded' WHERE id = 1;
                UPDATE user SET avatar_state = 'failed' WHERE id = 2;
                UPDATE location SET place_name = 'Berlin', country = 'Germany', geocode_state = 'resolved' WHERE id = 1;
                UPDATE photo SET image_state = 'loaded', content_version = 3 WHERE id = 2;
                """)
        }
        // A layout row written as the schema at 0006 holds it (no fingerprint column yet).
        let frames = LayoutBlob.encode([CachedFrame(id: "a", x: 0, y: 0, width: 1, height: 2)])
        try store.writer.write { db in
            try db.execute(sql: """
                INSERT INTO layout_cache (photo_id, cell_kind, min_width, min_height, max_width, max_height, scale,
                                          content_version, engine_version, width, height, frames, computed_at)
                VALUES (2, 'photo', 375, 0, 375, 1e999, 2, 3, 1, 375, 500, ?, 0)
                """, arguments: [frames])
        }
        return store
    }

    /// The snapshot without the migration bookkeeping, which 0007 adds a row to.
    static func rows(_ store: FeedStore) throws -> String {
        try StoreFixture.snapshot(store).split(separator: "\n").filter { !$0.hasPrefix("schema_checksum") }
            .joined(separator: "\n")
    }

    @Test func everyRowSurvivesTheRebuild() throws {
        let store = try Self.storeBeforeRebuild()
        let before = try Self.rows(store)
        #expect(before.contains("loaded"), "the fixture has rows to lose")
        let report = try store.migrate(upTo: "0007_state_checks_without_in_lists")
        #expect(report.applied == ["0007_state_checks_without_in_lists"])
        #expect(try Self.rows(store) == before)
        let violations = try store.writer.read { db in try Row.fetchAll(db, sql: "PRAGMA foreign_key_check") }
        #expect(violations.isEmpty)
        let indexes = try store.writer.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name")
        }
        for index in ["photo_owner_id", "photo_location_id", "photo_feed", "sync_job_target", "sync_job_due"] {
            #expect(indexes.contains(index), "index \(index) is made again")
        }
    }

    @Test(arguments: [
        "UPDATE user SET avatar_state = 'lost' WHERE id = 1",
        "UPDATE location SET geocode_state = 'lost' WHERE id = 1",
        "UPDATE photo SET image_state = 'lost' WHERE id = 1",
        "UPDATE sync_job SET state = 'lost' WHERE id = 1",
        "UPDATE sync_job SET kind = 'video' WHERE id = 1",
    ])
    func theSameValuesAreRefused(sql: String) throws {
        let store = try Self.storeBeforeRebuild()
        try store.migrate()
        #expect(throws: DatabaseError.self) { try store.writer.write { db in try db.execute(sql: sql) } }
    }

    @Test(arguments: [
        "UPDATE sync_job SET state = 'done', attempts = 1, result = 'loaded' WHERE id = 1 AND state = 'running'",
        "UPDATE user SET avatar_state = 'loaded' WHERE id = 1 AND avatar_state != 'loaded'",
        "UPDATE location SET geocode_state = 'failed' WHERE id = 1 AND geocode_state != 'failed'",
        "UPDATE photo SET image_state = 'loaded' WHERE id = 1 AND image_state != 'loaded'",
    ])
    func aStateUpdateBuildsNoTemporaryTable(sql: String) throws {
        let store = try Self.storeBeforeRebuild()
        // On the writer: a read-only connection compiles no CHECK at all.
        let ephemeral = { () throws -> Int in
            try store.writer.write { db in
                try Row.fetchAll(db, sql: "EXPLAIN \(sql)").count { ($0["opcode"] as String) == "OpenEphemeral" }
            }
        }
        #expect(try ephemeral() == 1, "an IN list of three constants checks through a temporary B-tree")
        // (Up to the rebuild only: later migrations add triggers whose own statements, compiled
        // into the update's program, may use temporary tables of their own.)
        try store.migrate(upTo: "0007_state_checks_without_in_lists")
        #expect(try ephemeral() == 0)
    }
}
