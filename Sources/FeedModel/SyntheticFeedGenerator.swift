import Foundation

/// Makes realistic synthetic users, photos, locations and comments from a vocabulary, the
/// cities and a seed: the same (vocabulary, cities, seed, count) always gives the same rows.
///
/// Ids start at `idBase` (one billion) so that generated rows never collide with the curated
/// set; the store refuses to generate over another count's or seed's rows. There is one
/// user per ten photos (at least one); photo ids grow with upload time; photos get 0–5 comments,
/// a location near a city (``CityLocationSampler``) or, one in about twelve, none, and captions
/// short and long in many languages.
public struct SyntheticFeedGenerator: Sendable {
    public static let idBase: Int64 = 1_000_000_000
    /// Upload times fall in the 900 days from 2023-01-01 UTC.
    static let epochMilliseconds: Int64 = 1_672_531_200_000
    static let spanMilliseconds: Int64 = 900 * 24 * 3600 * 1000
    static let pixelSizes: [(Int, Int)] = [
        (4032, 3024), (3024, 4032), (1080, 1080), (1920, 1080), (1080, 1350), (6000, 4000), (1200, 1800), (2048, 858),
    ]
    static let commentCounts = [0, 0, 1, 1, 2, 3, 5]

    public let vocabulary: SeedVocabulary
    public let photoCount: Int
    public var userCount: Int { max(1, photoCount / 10) }
    private let places: CityLocationSampler
    private var random: SplitMix64
    private var nextCommentID = idBase + 1

    /// A generator whose photos are taken near `cities` (without cities, they have no location).
    public init(vocabulary: SeedVocabulary, photoCount: Int, seed: UInt64, cities: [City]) {
        self.vocabulary = vocabulary
        self.photoCount = photoCount
        self.places = CityLocationSampler(cities: cities)
        self.random = SplitMix64(seed: seed)
    }

    /// The `index`-th user (1-based). Call for 1...userCount in order before the photos.
    public mutating func user(_ index: Int) -> User {
        let id = Self.idBase + Int64(index)
        let name = "\(random.pick(vocabulary.firstNames)) \(random.pick(vocabulary.lastNames))"
        let handle = "\(random.pick(vocabulary.handles))_g\(index)"
        return User(id: id, username: handle, fullName: name,
                    avatarURL: "https://images.photofeed.example/avatars/g\(index).jpg")
    }

    /// The `index`-th photo (1-based) with its location and comments. Call in order.
    public mutating func photo(_ index: Int) -> (photo: Photo, location: Location?, comments: [Comment]) {
        let id = Self.idBase + Int64(index)
        let uploadedAt = uploadTime(index)
        let size = random.pick(Self.pixelSizes)
        let location = makeLocation(id: id)
        let likes = Int(1 / max(random.unit(), 1e-6)) - 1
        let photo = Photo(id: id, ownerID: Self.idBase + Int64(random.int(in: 1...userCount)),
                          locationID: location?.id, url: "https://images.photofeed.example/photos/g\(index).jpg",
                          pixelWidth: size.0, pixelHeight: size.1, title: makeTitle(),
                          description: makeDescription(), likes: min(likes, 250_000), uploadedAt: uploadedAt)
        var comments: [Comment] = []
        for _ in 0..<random.pick(Self.commentCounts) {
            comments.append(Comment(id: nextCommentID, photoID: id,
                                    authorID: Self.idBase + Int64(random.int(in: 1...userCount)),
                                    body: random.pick(vocabulary.comments),
                                    createdAt: uploadedAt + Int64(random.int(in: 60...2_592_000)) * 1000))
            nextCommentID += 1
        }
        return (photo, location, comments)
    }

    /// The `index`-th photo's upload time: a random second within the index's own slice of the
    /// span, so that ids grow with upload time as a feed's ids do when they are given out on
    /// upload (and a page's photos, newest first, are neighbours in every id-ordered B-tree).
    /// One draw, as for any random value here.
    private mutating func uploadTime(_ index: Int) -> Int64 {
        let spanSeconds = Self.spanMilliseconds / 1000
        let sliceStart = spanSeconds * Int64(index - 1) / Int64(max(photoCount, 1))
        let sliceEnd = max(sliceStart, spanSeconds * Int64(index) / Int64(max(photoCount, 1)) - 1)
        return Self.epochMilliseconds + Int64(random.int(in: Int(sliceStart)...Int(sliceEnd))) * 1000
    }

    private mutating func makeTitle() -> String {
        let roll = random.unit()
        if roll < 0.08 { return "" }
        if roll < 0.35 { return random.pick(vocabulary.multilingualTitles) }
        let template = random.pick(vocabulary.titleTemplates)
        // Every word is drawn, in this order, whichever placeholders the template holds.
        let adjective = random.pick(vocabulary.adjectives), subject = random.pick(vocabulary.subjects)
        let number = String(random.int(in: 2...40))
        let text = Self.filling(template) { name in
            switch name {
            case "adj": adjective
            case "subject": subject
            case "n": number
            default: nil
            }
        }
        return text.prefix(1).uppercased() + text.dropFirst()
    }

    /// `template` with every `{name}` replaced by `value(name)`; a name it does not know (nil)
    /// stays as written.
    static func filling(_ template: String, _ value: (Substring) -> String?) -> String {
        var result = ""
        var rest = template[...]
        while let open = rest.utf8.firstIndex(of: UInt8(ascii: "{")),
              let close = rest[open...].utf8.firstIndex(of: UInt8(ascii: "}")) {
            result += rest[..<open]
            let name = rest[rest.utf8.index(after: open) ..< close]
            result += value(name) ?? String(rest[open ... close])
            rest = rest[rest.utf8.index(after: close)...]
        }
        return result + rest
    }

    private mutating func makeDescription() -> String {
        let roll = random.unit()
        if roll < 0.15 { return "" }
        let count = roll < 0.55 ? 1 : roll < 0.92 ? random.int(in: 2...4) : random.int(in: 6...12)
        var sentences: [String] = []
        for _ in 0..<count { sentences.append(random.pick(vocabulary.sentences)) }
        return sentences.joined(separator: " ")
    }

    /// One draw for whether there is a location, then three for the city, the distance and the
    /// bearing (always made, so the other fields' draws do not depend on the cities).
    private mutating func makeLocation(id: Int64) -> Location? {
        let roll = random.unit()
        if roll < 0.08 { return nil }
        let city = random.unit(), distance = random.unit(), bearing = random.unit()
        guard let place = places.location(city: city, distance: distance, bearing: bearing) else { return nil }
        return Location(id: id, latitude: place.latitude, longitude: place.longitude)
    }
}
