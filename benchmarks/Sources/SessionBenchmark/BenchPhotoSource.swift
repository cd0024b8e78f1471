import FeedModel
import NodeKit
import PhotoFeed

/// The benchmark session's feed: `count` of the product's photo cells with texts that vary as a
/// feed's do (a description of 10–49 words, up to three comments), each with jobs for its image
/// and its avatar (requested on entering the preload range) and its reverse geocode (requested as
/// its page arrives). The geocode shows a location label (the cell is laid out again; its height
/// stays, as the product's does).
final class BenchPhotoSource: FeedSessionSource {
    private static let words = [
        "sunset", "over", "the", "harbour", "with", "friends", "after", "a", "long", "walk", "along",
        "coast", "golden", "light", "on", "water", "boats", "coming", "home", "quiet", "evening",
    ]
    private static let places = ["Lisbon, Portugal", "Kyoto, Japan", "Hobart, Australia", "Oaxaca, Mexico"]
    private static let referenceTime: Int64 = 1_750_000_000_000

    let count: Int
    private var next = 0
    private var models: [Int64: PhotoCellModel] = [:]

    init(count: Int) {
        self.count = count
    }

    static func model(index: Int) -> PhotoCellModel {
        var state = UInt64(index) &* 0x9E37_79B9_7F4A_7C15
        func draw(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let description = (0..<(10 + draw(40))).map { _ in words[draw(words.count)] }.joined(separator: " ")
        let comments = (0..<draw(4)).map { CommentLine(authorName: "friend\($0)", body: words[draw(words.count)]) }
        return PhotoCellModel(
            photoID: Int64(index + 1), userName: "user\(index)", avatarURL: "https://example.com/a/\(index).jpg",
            uploadedAt: referenceTime - Int64(index % 59 + 1) * 60_000, referenceTime: referenceTime,
            photoURL: "https://example.com/p/\(index).jpg", pixelWidth: 1080, pixelHeight: 1080,
            likes: index * 7 % 1000, title: description, commentCount: comments.count, comments: comments)
    }

    func nextPage(limit: Int) throws -> [SessionItem] {
        let range = next..<min(count, next + limit)
        next = range.upperBound
        return range.map { index in
            let model = Self.model(index: index)
            models[model.photoID] = model
            let jobs = [JobKind.image, .avatar, .geocode].map { JobKey(kind: $0, targetID: model.photoID) }
            return SessionItem(id: model.photoID, nodeBlock: { PhotoCellNode(model: model) }, jobs: jobs,
                               isImageLoaded: false)
        }
    }

    func complete(_ job: JobKey, succeeded: Bool, cell: (Int64) -> CellNode?) throws -> SessionJobEffect {
        guard succeeded, var model = models[job.targetID] else { return .none }
        var effect = SessionJobEffect.none
        if job.kind == .image {
            model.isImageLoaded = true
            effect.imagesLoaded = [job.targetID]
        } else if job.kind == .avatar {
            model.isAvatarLoaded = true
        } else if job.kind == .geocode {
            model.locationName = Self.places[Int(job.targetID) % Self.places.count]
            effect.layoutChanged = [job.targetID]
        }
        models[job.targetID] = model
        (cell(job.targetID) as? PhotoCellNode)?.update(model)
        return effect
    }
}
