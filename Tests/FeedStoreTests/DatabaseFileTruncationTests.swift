@testable import FeedModel
@_spi(SQLiteAccess) @testable import FeedStore
import Foundation
import GRDB
import LayoutTestSupport
import StoreTestSupport
import Testing

/// A database file cut short under an open store: a read of a page past its new end is an error
/// SQLite reports (the file is not a usable database), never a signal that kills the process, as
/// a page read through a memory map of the old length would be.
@Suite(.blockingWork, .timeLimit(minutes: 10)) struct DatabaseFileTruncationTests {
    static let slot = LayoutSlot(cellKind: "photo", sizeRange: .width(375), scale: 2)

    @Test func aReadPastTheEndOfATruncatedFileThrows() async throws {
        // Given a store whose rows are in the file (checkpointed), whose log holds a later commit
        // (so the log, not the file, gives the database's length), and whose readers read since
        let store = try FeedTestStore.seeded(inFile: true)
        let path = store.writer.path
        try await store.writer.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
        try store.setImageState(photoID: 2, .loaded)
        for _ in 0..<3 {
            let rows = try await store.pageRows(after: nil, limit: 4, commentLimit: 2, slot: Self.slot)
            #expect(rows.page.items.count == 4)
        }

        // When the file is cut to its first page, and a commit that writes only that page makes
        // every reader drop the pages it kept
        try #require(truncate(path, 4096) == 0)
        try await store.writer.write { db in try db.execute(sql: "PRAGMA user_version = 7") }

        // Then the served read and a command's read throw: the file is not a usable database
        await #expect { _ = try await store.pageRows(after: nil, limit: 4, commentLimit: 2, slot: Self.slot) }
            throws: { error in Self.isNotADatabase(error) }
        #expect { _ = try store.feedPage(after: nil, limit: 4) } throws: { error in Self.isNotADatabase(error) }
        try store.close()
    }

    static func isNotADatabase(_ error: any Error) -> Bool {
        guard case .notADatabase = StoreFailure(error) else { return false }
        return true
    }
}
