import Foundation

/// A small curated seed directory for the store tests, on either store: three cities, `users`
/// users, `photos` photos (photo i owned by user (i % users) + 1, uploaded i minutes after
/// 2024-01-01, photos 3 and 4 at the same second, every third without a location), one comment
/// per even photo. Files can be overwritten afterwards to break them (``write(_:to:)``).
///
/// ```swift
/// try store.seedCurated(from: SmallSeed.directory())   // feed order 7, 6, 5, 4, 3, 2, 1
/// ```
public enum SmallSeed {
    public static func directory(users: Int = 3, photos: Int = 7) throws -> URL {
        let directory = try FeedTestStore.temporaryDirectory()
        let userLines = (1...users).map {
            #"{"id":\#($0),"username":"user\#($0)","fullName":"Ελένη Müller \#($0)","avatarURL":"https://a.example/\#($0).jpg"}"#
        }
        let photoLines = (1...photos).map { id in
            let minute = id == 4 ? 3 : id
            let location = id % 3 == 0 ? "null" : #"{"latitude":52.52,"longitude":13.\#(id)}"#
            return #"{"id":\#(id),"ownerId":\#(id % users + 1),"url":"https://p.example/\#(id).jpg","pixelWidth":1080,"#
                + #""pixelHeight":1350,"title":"東京 \#(id) 🌸","description":"Une photo.","likes":\#(id),"#
                + #""uploadedAt":"2024-01-01T00:\#(String(format: "%02d", minute)):00Z","location":\#(location)}"#
        }
        let commentLines = (1...photos).filter { $0 % 2 == 0 }.map { id in
            #"{"id":\#(id),"photoId":\#(id),"authorId":1,"body":"Wow \#(id)","createdAt":"2024-02-01T00:00:00Z"}"#
        }
        try write(userLines, to: directory.appendingPathComponent("users.jsonl"))
        try write(photoLines, to: directory.appendingPathComponent("photos.jsonl"))
        try write(commentLines, to: directory.appendingPathComponent("comments.jsonl"))
        try write([
            "id\tname\tregion\tcountry_code\tcountry\tlatitude\tlongitude\tpopulation",
            "2950159\tBerlin\t16\tDE\tGermany\t52.52437\t13.41053\t3426354",
            "2988507\tParis\t11\tFR\tFrance\t48.85341\t2.34880\t2138551",
            "1850147\tTokyo\t40\tJP\tJapan\t35.68950\t139.69171\t8336599",
        ], to: directory.appendingPathComponent("cities.tsv"))
        let vocabulary = FeedTestStore.projectRoot.appendingPathComponent("seed-data/vocabulary.json")
        try FileManager.default.copyItem(at: vocabulary, to: directory.appendingPathComponent("vocabulary.json"))
        return directory
    }

    /// Writes `lines`, each ended by LF, to `url`.
    public static func write(_ lines: [String], to url: URL) throws {
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
    }
}
