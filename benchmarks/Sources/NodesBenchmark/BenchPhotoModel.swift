import FeedModel
import PhotoFeed

/// The model of the benchmark feed's `index`th photo for the product's ``PhotoCellNode``: texts
/// that vary with `index` as a feed's photos do (names, places, upload times, likes, a
/// description of 20–59 words), the photo not yet loaded (ratio 1), no comments.
enum BenchPhotoModel {
    private static let words = [
        "sunset", "over", "the", "harbour", "with", "friends", "after", "a", "long", "walk", "along",
        "coast", "golden", "light", "on", "water", "boats", "coming", "home", "quiet", "evening",
        "city", "lights", "mountain", "trail", "morning", "coffee", "market", "street", "music",
    ]
    private static let places = ["Lisbon", "Kyoto", "Reykjavík", "Cape Town", "Montréal", "Hobart", "Oaxaca"]
    /// The feed's reference time (milliseconds since 1970); uploads are minutes before it.
    private static let referenceTime: Int64 = 1_750_000_000_000

    static func make(index: Int) -> PhotoCellModel {
        var generator = SplitMix64(seed: UInt64(index))
        let wordCount = 20 + Int(generator.next() % 40)
        let description = (0..<wordCount).map { _ in words[Int(generator.next() % UInt64(words.count))] }
            .joined(separator: " ")
        return PhotoCellModel(
            photoID: Int64(index), userName: "user\(index)_\(words[index % words.count])",
            avatarURL: "https://example.com/avatar/\(index).jpg", locationName: places[index % places.count],
            uploadedAt: referenceTime - Int64(index % 59 + 1) * 60_000, referenceTime: referenceTime,
            photoURL: "https://example.com/photo/\(index).jpg", pixelWidth: 1080, pixelHeight: 1080,
            likes: index * 7 % 1000, title: description)
    }
}
