import FeedModel
@_spi(SQLiteAccess) import FeedStore
@testable import FeedSync
import GRDB
import LayoutTestSupport
import Testing

/// A committed batch names every photo whose content version it bumped, with the change and the
/// version it made (read in the same transaction), so that the relayouter can bring a cell in
/// memory up to date without reading the photo.
@Suite(.blockingWork) struct ContentChangeTests {
    /// The small set: photo i is owned by user (i % 3) + 1; photos 1, 5 and 9 are in Zürich.
    private let store: FeedStore

    init() throws {
        store = try SyncFixture.seededStore(photos: 12)
    }

    private func job(_ kind: JobKind, _ targetID: Int64) throws -> ScheduledJob {
        let (rowID, latitude, longitude) = try store.writer.read { db in
            let row = try Row.fetchOne(db, sql: """
                SELECT j.id, l.latitude, l.longitude FROM sync_job j
                LEFT JOIN location l ON j.kind = 'geocode' AND l.id = j.target_id
                WHERE j.kind = ? AND j.target_id = ?
                """, arguments: [kind.rawValue, targetID])!
            return (row[0] as Int64, row[1] as Double?, row[2] as Double?)
        }
        let coordinate = latitude.map { ScheduledJob.Coordinate(latitude: $0, longitude: longitude!) }
        return ScheduledJob(rowID: rowID, key: JobKey(kind: kind, targetID: targetID), attemptsDone: 0,
                            coordinate: coordinate)
    }

    private func locationID(ofPhoto photoID: Int64) throws -> Int64 {
        try store.writer.read { db in
            try Int64.fetchOne(db, sql: "SELECT location_id FROM photo WHERE id = ?", arguments: [photoID])!
        }
    }

    private func commit(_ outcomes: [(job: ScheduledJob, succeeds: Bool)]) throws -> [ContentChange] {
        var batch = SyncBatch()
        for (job, succeeds) in outcomes {
            batch.append(.start(rowID: job.rowID))
            batch.append(succeeds ? .succeed(job, attempt: 1) : .giveUp(job, attempt: 1, message: "gave up"))
        }
        return try store.commit(batch, geocoder: ReverseGeocoder()).changes
    }

    @Test func eachBumpNamesItsPhotoChangeAndNewVersionInCommitOrder() throws {
        let zurich = try locationID(ofPhoto: 1)
        let changes = try commit([(try job(.image, 1), true), (try job(.avatar, 2), true),
                                  (try job(.geocode, zurich), true), (try job(.image, 4), false)])
        let place = ContentChange.Edit.location(placeName: "Zürich", country: "Switzerland", state: .resolved)
        #expect(changes == [
            ContentChange(photoID: 1, contentVersion: 2, edit: .imageState(.loaded)),
            // User 2 owns photos 1, 4, 7 and 10.
            ContentChange(photoID: 1, contentVersion: 3, edit: .avatarState(.loaded)),
            ContentChange(photoID: 4, contentVersion: 2, edit: .avatarState(.loaded)),
            ContentChange(photoID: 7, contentVersion: 2, edit: .avatarState(.loaded)),
            ContentChange(photoID: 10, contentVersion: 2, edit: .avatarState(.loaded)),
            ContentChange(photoID: 1, contentVersion: 4, edit: place),
            ContentChange(photoID: 4, contentVersion: 3, edit: .imageState(.failed)),
        ])
        let versions = try store.writer.read { db in
            try Int64.fetchAll(db, sql: "SELECT content_version FROM photo WHERE id IN (1, 4, 7) ORDER BY id")
        }
        #expect(versions == [4, 3, 2], "the recorded versions are the photos' versions")
        #expect(MarkedCell.grouping(changes).map(\.photoID) == [1, 4, 7, 10])
        #expect(MarkedCell.grouping(changes).first?.changes.map(\.contentVersion) == [2, 3, 4])
    }

    @Test func aFailedGeocodeAndAnUnchangedStateAreRecordedAsTheyWrite() throws {
        let pacific = try locationID(ofPhoto: 3)
        #expect(try commit([(try job(.geocode, pacific), false)])
            == [ContentChange(photoID: 3, contentVersion: 2, edit: .location(placeName: nil, country: nil, state: .failed))])
        // A success far from any city resolves the location without a place.
        let nowhere = try locationID(ofPhoto: 7)
        #expect(try commit([(try job(.geocode, nowhere), true)])
            == [ContentChange(photoID: 7, contentVersion: 2, edit: .location(placeName: nil, country: nil, state: .resolved))])
        // Loading an image already loaded bumps nothing.
        _ = try commit([(try job(.image, 2), true)])
        try store.writer.write { db in try db.execute(sql: "UPDATE sync_job SET state = 'pending' WHERE kind = 'image'") }
        #expect(try commit([(try job(.image, 2), true)]).isEmpty)
    }
}
