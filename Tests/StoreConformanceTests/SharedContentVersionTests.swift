import FeedModel
import Foundation
import LayoutTestSupport
import Testing

/// The content-version rule, stated once in each schema (its triggers), on both stores: a change a
/// cell shows bumps the photo once per change, whichever write makes it; a write that changes
/// nothing, a new avatar URL and new coordinates bump nothing.
@Suite("Content versions on SQLite and PostgreSQL", .blockingWork, .timeLimit(minutes: 10))
struct SharedContentVersionTests {
    /// One change to a line of a seed file: the JSON object of id `id` in `file`.
    struct SeedEdit {
        var file: String
        var id: Int
        var key: String
        var value: Any
    }

    /// Every photo's content version, by id.
    static func versions(_ store: StoreUnderTest) throws -> [Int64: Int64] {
        var versions: [Int64: Int64] = [:]
        var cursor: FeedCursor?
        repeat {
            let page = try store.reading.feedPage(after: cursor, limit: 1000)
            for item in page.items { versions[item.photo.id] = item.photo.contentVersion }
            cursor = page.next
        } while cursor != nil
        return versions
    }

    /// A copy of the curated seed files with `edits` made.
    static func seedData(with edits: [SeedEdit]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("content-version-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: StoreFactory.seedDataDirectory, to: directory)
        for file in Set(edits.map(\.file)) {
            let url = directory.appendingPathComponent(file)
            let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map { line in
                let edited = edits.filter { $0.file == file }
                var object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                let mine = edited.filter { $0.id == object["id"] as? Int }
                guard !mine.isEmpty else { return String(line) }
                for edit in mine { object[edit.key] = edit.value }
                return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
            }
            try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        }
        return directory
    }

    /// Completes every pending job of `kinds` in one batch.
    @discardableResult
    static func complete(_ kinds: Set<JobKind>, on store: StoreUnderTest) throws -> SyncBatchResult {
        var batch = SyncBatch()
        for job in try store.jobs.pendingJobs().map(\.job) where kinds.contains(job.key.kind) {
            batch.append(.start(rowID: job.rowID))
            batch.append(.succeed(job, attempt: 1))
        }
        return try store.jobs.commit(batch, geocoder: ReverseGeocoder(), beforeCommit: {})
    }

    @Test(arguments: StoreBackend.allCases)
    func seedingTheSameSetAgainBumpsNothing(_ backend: StoreBackend) throws {
        let store = try StoreFactory.make(backend)
        try store.seeding.seedCurated(from: StoreFactory.seedDataDirectory, progress: nil)
        let before = try Self.versions(store)
        #expect(Set(before.values) == [1], "a new row starts at 1: an insert bumps nothing")

        try store.seeding.seedCurated(from: StoreFactory.seedDataDirectory, progress: nil)

        #expect(try Self.versions(store) == before)
    }

    @Test(arguments: StoreBackend.allCases)
    func aReseedBumpsTheChangedPhotosOnceAndNoNewURLOrCoordinateBumps(_ backend: StoreBackend) throws {
        // Given the curated set with every image, avatar and geocode done
        let store = try StoreFactory.make(backend)
        try store.seeding.seedCurated(from: StoreFactory.seedDataDirectory, progress: nil)
        try Self.complete([.image, .avatar, .geocode], on: store)
        let before = try Self.versions(store)
        let ownPhotos = Set(try store.reading.feedItems(photoIDs: Array(before.keys)).values
            .filter { $0.owner.id == 83 }.map(\.photo.id))
        #expect(ownPhotos.count == 22)

        // When photo 3's title, photo 4's URL, user 83's avatar URL and photo 1's coordinates change
        let edited = try Self.seedData(with: [
            SeedEdit(file: "photos.jsonl", id: 3, key: "title", value: "A new title"),
            SeedEdit(file: "photos.jsonl", id: 4, key: "url", value: "https://images.photofeed.example/4b.jpg"),
            SeedEdit(file: "users.jsonl", id: 83, key: "avatarURL", value: "https://images.photofeed.example/83b.jpg"),
            SeedEdit(file: "photos.jsonl", id: 1, key: "location", value: ["latitude": 31.3, "longitude": 121.5]),
        ])
        try store.seeding.seedCurated(from: edited, progress: nil)

        // Then photos 3 and 4 are bumped once (4's image pending again); the new avatar URL and
        // coordinates send the avatar and the names back to pending without a bump
        let after = try Self.versions(store)
        #expect(after[3] == before[3]! + 1 && after[4] == before[4]! + 1)
        #expect(after.filter { ![3, 4].contains($0.key) } == before.filter { ![3, 4].contains($0.key) })
        let items = try store.reading.feedItems(photoIDs: [1, 4, ownPhotos.first!])
        #expect(items[4]?.photo.imageState == .pending)
        #expect(items[ownPhotos.first!]?.owner.avatarState == .pending)
        #expect(items[1]?.location?.geocodeState == .pending && items[1]?.location?.placeName == nil)

        // When the avatar and the geocode complete again, Then each of their photos is bumped once
        let result = try Self.complete([.avatar, .geocode], on: store)
        let bumped = Set(result.changes.map(\.photoID))
        #expect(bumped == ownPhotos.union([1]))
        let last = try Self.versions(store)
        #expect(bumped.allSatisfy { last[$0] == after[$0]! + 1 })
    }

    @Test(arguments: StoreBackend.allCases)
    func twoChangesToOnePhotoInABatchBumpItTwice(_ backend: StoreBackend) throws {
        // Given a photo whose image and owner's avatar jobs are pending
        let store = try StoreFactory.make(backend)
        try store.seeding.seedCurated(from: StoreFactory.seedDataDirectory, progress: nil)
        let item = try #require(try store.reading.feedItems(photoIDs: [2])[2])
        let jobs = try store.jobs.pendingJobs().map(\.job)
        let image = try #require(jobs.first { $0.key == JobKey(kind: .image, targetID: 2) })
        let avatar = try #require(jobs.first { $0.key == JobKey(kind: .avatar, targetID: item.owner.id) })

        // When both complete in one batch
        var batch = SyncBatch()
        for job in [image, avatar] { batch.append(.start(rowID: job.rowID)) }
        batch.append(.succeed(image, attempt: 1))
        batch.append(.succeed(avatar, attempt: 1))
        let result = try store.jobs.commit(batch, geocoder: ReverseGeocoder(), beforeCommit: {})

        // Then the photo's changes carry the version each made, one after the other
        let version = item.photo.contentVersion
        #expect(result.changes.filter { $0.photoID == 2 } == [
            ContentChange(photoID: 2, contentVersion: version + 1, edit: .imageState(.loaded)),
            ContentChange(photoID: 2, contentVersion: version + 2, edit: .avatarState(.loaded)),
        ])
        #expect(try store.reading.feedItems(photoIDs: [2])[2]?.photo.contentVersion == version + 2)
    }
}
