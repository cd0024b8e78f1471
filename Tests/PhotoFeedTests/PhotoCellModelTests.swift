import FeedModel
import PhotoFeed
import Testing

/// The cell's texts as ASDKgram prints them: elapsed time, likes, description, comments, location.
@Suite struct PhotoCellModelTests {
    static let base = PhotoCellModel(
        photoID: 1, userName: "Ana", avatarURL: "https://a.example/ana.jpg", uploadedAt: 1_000_000_000,
        referenceTime: 1_000_000_000, photoURL: "https://p.example/1.jpg", pixelWidth: 1080, pixelHeight: 1350,
        likes: 3, title: "Fog on the water.")

    static let day: Int64 = 86_400_000

    @Test(arguments: [
        (0, "1s"), (999, "1s"), (-10_000, "1s"), (1_000, "1s"), (5_000, "5s"), (59_999, "59s"), (60_000, "1m"),
        (3 * 60_000, "3m"), (3_599_999, "59m"), (2 * 3_600_000, "2h"), (day - 1, "23h"), (day, "1d"),
        (4 * day, "4d"), (7 * day, "7d"), (8 * day - 1, "7d"), (8 * day, "2w"), (14 * day, "2w"),
        (15 * day, "3w"), (21 * day, "3w"), (22 * day, "4w"), (446 * day, "64w"),
    ] as [(Int64, String)])
    func elapsedTime(elapsed: Int64, label: String) {
        var model = Self.base
        model.referenceTime = model.uploadedAt + elapsed
        #expect(model.timeLabel == label)
        #expect(ElapsedTime(milliseconds: elapsed).label == label)
    }

    @Test func likesArePluralWithAHeart() {
        var model = Self.base
        for likes in [0, 1, 12] {
            model.likes = likes
            #expect(model.likesLabel == "\u{2665}\u{FE0E} \(likes) likes")
        }
        #expect(Array(model.likesLabel.unicodeScalars.prefix(2)).map(\.value) == [0x2665, 0xFE0E])
    }

    /// ASDKgram's UserModel lowercases the name when it parses it: every label shows it so.
    @Test func userNameIsLowercasedInEveryLabel() {
        #expect(Self.base.userNameLabel == "ana")
        #expect(Self.base.descriptionLabel == "ana Fog on the water.")
        var untitled = Self.base
        untitled.title = ""
        #expect(untitled.descriptionLabel == "ana", "no title: the name alone, not ASDKgram's \"(null)\"")
    }

    @Test func commentLabels() {
        var model = Self.base
        #expect(model.commentLabels.isEmpty)
        model.commentCount = 3
        model.comments = [CommentLine(authorName: "Bo", body: "One"), CommentLine(authorName: "CY", body: "Two"),
                          CommentLine(authorName: "di", body: "Three")]
        #expect(model.commentLabels == ["bo One", "cy Two", "di Three"], "no count line for 3")
        model.commentCount = 4
        #expect(model.commentLabels == ["View all 4 comments", "bo One", "cy Two", "di Three"])
    }

    @Test func commentPageKeepsItsLastThree() throws {
        let owner = User(id: 1, username: "Ana", fullName: "Ana", avatarURL: "a")
        let item = FeedItem(photo: Photo(id: 1, ownerID: 1, url: "p", pixelWidth: 10, pixelHeight: 20,
                                         uploadedAt: 0, commentsLoaded: true),
                            owner: owner, location: nil, commentCount: 40)
        let page = (1...20).map { CommentLine(authorName: "u\($0)", body: "c\($0)") }
        let model = PhotoCellModel(item: item, commentPage: page, referenceTime: 0)
        #expect(model.comments == Array(page[17...]))
        #expect(model.commentLabels == ["View all 40 comments", "u18 c18", "u19 c19", "u20 c20"])
    }

    @Test func placemarkRule() {
        #expect(PlacemarkLabel(inlandWater: "Lake Geneva", subLocality: "Ouchy", locality: "Lausanne",
                               country: "Switzerland").text == "Lake Geneva")
        #expect(PlacemarkLabel(subLocality: "Mitte", locality: "Berlin", country: "Germany").text == "Mitte, Berlin")
        #expect(PlacemarkLabel(locality: "Berlin", subAdministrativeArea: "Kreis X", administrativeArea: "Berlin",
                               country: "Germany").text == "Kreis X, Berlin")
        #expect(PlacemarkLabel(locality: "Berlin", administrativeArea: "Berlin", country: "Germany").text
            == "Germany", "locality or an administrative area alone is not enough")
        #expect(PlacemarkLabel(locality: "Berlin").text == "ERROR")
        #expect(PlacemarkLabel(subLocality: "", locality: "Berlin", country: "").text == "ERROR")
    }
}
