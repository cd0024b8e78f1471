import FeedModel
import FeedStore
import Foundation

/// A small feed for the PhotoFeed and CLI tests, on an in-memory or temporary-file store with a
/// fixed clock.
///
/// Four photos, newest first: 4 (ana, at `newest`), 1 (ana, 5 minutes before; geocoded to
/// "Berlin, Germany", image loaded at 1080×1350, three comments), 3 (chen, 4 days before;
/// location not geocoded yet, one comment), 2 (bo, 3 weeks before; no location, a long caption,
/// no comments). The comment feeds of photos 1 and 3 have loaded (their cells show the
/// comments); those of 2 and 4, which have none, have not.
public enum FeedTestStore {
    public static let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    public static let migrationsDirectory = projectRoot.appendingPathComponent("Migrations")
    /// 2025-06-15T12:00:00Z in milliseconds: the newest upload.
    public static let newest: Int64 = 1_749_988_800_000
    public static let clock = StoreClock.fixed(Date(timeIntervalSince1970: 1_750_000_000))

    public static let longCaption = "Morning light over the harbour, the ferries lining up one after another while "
        + "the fog lifted slowly from the water and the gulls circled the fish market; we walked along the pier "
        + "for an hour, had coffee at the end of it and watched the city wake up before the crowds arrived."

    /// A fresh temporary directory.
    public static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("photofeed-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// An empty, migrated store: in memory, or in a new temporary file.
    public static func empty(inFile: Bool = false) throws -> FeedStore {
        let path = inFile ? try temporaryDirectory().appendingPathComponent("feed.sqlite").path : ":memory:"
        return try FeedStore(path: path, migrationsDirectory: migrationsDirectory, clock: clock)
    }

    /// The four-photo feed.
    public static func seeded(inFile: Bool = false) throws -> FeedStore {
        let store = try empty(inFile: inFile)
        try seed(store)
        return store
    }

    /// A seeded database file and its path (for commands that take `--db`).
    public static func seededFile() throws -> String {
        let path = try temporaryDirectory().appendingPathComponent("feed.sqlite").path
        try seed(FeedStore(path: path, migrationsDirectory: migrationsDirectory, clock: clock))
        return path
    }

    static func seed(_ store: FeedStore) throws {
        for (id, name) in [(1, "ana"), (2, "bo"), (3, "chen")] {
            try store.save(User(id: Int64(id), username: name, fullName: name.capitalized,
                                avatarURL: "https://a.example/\(name).jpg"))
        }
        let minute: Int64 = 60_000
        try store.save(Photo(id: 1, ownerID: 1, locationID: 1, url: "https://p.example/1.jpg", pixelWidth: 1080,
                             pixelHeight: 1350, title: "Harbour", description: "Fog on the water.", likes: 3,
                             uploadedAt: newest - 5 * minute),
                       location: Location(id: 1, latitude: 52.52, longitude: 13.41))
        try store.save(Photo(id: 2, ownerID: 2, url: "https://p.example/2.jpg", pixelWidth: 1920, pixelHeight: 1080,
                             title: "Ferries", description: longCaption, likes: 1,
                             uploadedAt: newest - 21 * 24 * 60 * minute))
        try store.save(Photo(id: 3, ownerID: 3, locationID: 2, url: "https://p.example/3.jpg", pixelWidth: 800,
                             pixelHeight: 800, title: "Market", description: "", likes: 0,
                             uploadedAt: newest - 4 * 24 * 60 * minute),
                       location: Location(id: 2, latitude: 35.69, longitude: 139.69))
        try store.save(Photo(id: 4, ownerID: 1, url: "https://p.example/4.jpg", pixelWidth: 1000, pixelHeight: 500,
                             title: "Roofs", description: "Rooftops at noon.", likes: 12, uploadedAt: newest))
        let comments: [(Int64, Int64, Int64, String)] = [
            (1, 1, 2, "Beautiful!"), (2, 1, 3, "Where is this?"), (3, 1, 1, "Berlin, by the river."),
            (4, 3, 1, "Looks delicious."),
        ]
        for (id, photoID, authorID, body) in comments {
            try store.save(Comment(id: id, photoID: photoID, authorID: authorID, body: body,
                                   createdAt: newest + id * minute))
        }
        try store.setImageState(photoID: 1, .loaded)
        try store.setCommentsLoaded(photoID: 1)
        try store.setCommentsLoaded(photoID: 3)
        try store.resolveLocation(id: 1, placeName: "Berlin", region: "Berlin", country: "Germany")
    }
}
