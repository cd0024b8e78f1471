@testable import FeedModel
@testable import FeedStore
import Foundation
import LayoutTestSupport
import Testing

/// One sync daemon per database file: the lock follows the file (its device and inode), not the
/// path it is opened through.
@Suite(.blockingWork) struct SyncLockTests {
    /// A migrated database file, a symlink to it and a hard link to it.
    static func databaseWithLinks() throws -> (path: String, symlink: String, hardLink: String) {
        let directory = try StoreFixture.temporaryDirectory()
        let path = directory.appendingPathComponent("feed.sqlite").path
        _ = try FeedStore(path: path, migrationsDirectory: StoreFixture.migrationsDirectory)
        let symlink = directory.appendingPathComponent("symlink.sqlite").path
        let hardLink = directory.appendingPathComponent("hardlink.sqlite").path
        try FileManager.default.createSymbolicLink(atPath: symlink, withDestinationPath: path)
        try FileManager.default.linkItem(atPath: path, toPath: hardLink)
        return (path, symlink, hardLink)
    }

    static func open(_ path: String) throws -> FeedStore {
        try FeedStore(path: path, migrationsDirectory: StoreFixture.migrationsDirectory)
    }

    @Test(arguments: ["same path", "symlink", "hard link"])
    func aSecondLockThroughAnyNameOfTheFileIsBusy(name: String) throws {
        // Given a daemon's lock held through the database's own path
        let (path, symlink, hardLink) = try Self.databaseWithLinks()
        let second = [("same path", path), ("symlink", symlink), ("hard link", hardLink)]
            .first { $0.0 == name }!.1
        let first = try Self.open(path).lockForSync()
        // When another store takes the lock through another name of the same file, Then it is busy
        #expect(throws: SyncLock.Busy(path: second)) { try Self.open(second).lockForSync() }
        // And once the first lock is released, it gets it
        first.release()
        let again = try Self.open(second).lockForSync()
        again.release()
    }

    @Test func theBusyErrorNamesThePathAndSaysOneDaemonPerDatabase() {
        let error = SyncLock.Busy(path: "/tmp/link.sqlite")
        #expect(error.description.hasPrefix("another photofeed sync holds /tmp/link.sqlite"))
        #expect(error.description.hasSuffix("one daemon per database"))
    }

    @Test func anotherDatabaseFileHasItsOwnLock() throws {
        let first = try Self.databaseWithLinks()
        let second = try Self.databaseWithLinks()
        let lock = try Self.open(first.path).lockForSync()
        let other = try Self.open(second.symlink).lockForSync()
        other.release()
        lock.release()
    }

    @Test func anInMemoryStoreLocksNothing() throws {
        let store = try StoreFixture.store(.memory)
        let first = try store.lockForSync()
        let second = try store.lockForSync()
        first.release()
        second.release()
    }
}
