import FeedModel
import LayoutCore
import PhotoFeed
import Testing

/// A cell's layout inputs: display-only data is not one of them, every text is, and equal inputs
/// give equal layouts whatever else differs.
@Suite struct CellLayoutInputsTests {
    static let base = PhotoCellModel(
        photoID: 1, userName: "Ana", avatarURL: "https://a.example/ana.jpg", uploadedAt: 0,
        referenceTime: 3 * 60_000, photoURL: "https://p.example/1.jpg", pixelWidth: 1080, pixelHeight: 1350,
        likes: 3, title: "Fog on the water.")

    @Test func displayOnlyChangesKeepTheFingerprint() {
        var shown = Self.base
        shown.isImageLoaded = true
        shown.isAvatarLoaded = true
        shown.photoURL = "https://p.example/other.jpg"
        shown.avatarURL = "https://a.example/other.jpg"
        shown.pixelWidth = 500
        shown.contentVersion = 9
        shown.photoID = 2
        #expect(shown.layoutInputs(fonts: []) == Self.base.layoutInputs(fonts: []))
        #expect(shown.layoutInputs(fonts: []).fingerprint == Self.base.layoutInputs(fonts: []).fingerprint)
        let context = LayoutContext(scale: 2), range = FeedController.sizeRange(width: 375)
        #expect(PhotoCellNode(model: shown).layoutThatFits(range, context: context)
            == PhotoCellNode(model: Self.base).layoutThatFits(range, context: context))
    }

    @Test func everyTextChangesTheFingerprint() {
        var changes: [PhotoCellModel] = []
        var model = Self.base
        model.userName = "bo"; changes.append(model)
        model = Self.base; model.locationName = "Germany"; changes.append(model)
        model = Self.base; model.locationName = ""; changes.append(model)
        model = Self.base; model.referenceTime += 3_600_000; changes.append(model)
        model = Self.base; model.likes = 4; changes.append(model)
        model = Self.base; model.title = "Fog"; changes.append(model)
        model = Self.base; model.commentCount = 1; model.comments = [CommentLine(authorName: "bo", body: "Nice")]
        changes.append(model)
        let fingerprints = Set(([Self.base] + changes).map { $0.layoutInputs(fonts: []).fingerprint })
        #expect(fingerprints.count == changes.count + 1)
        // The user name only as the labels show it: lowercased (ASDKgram lowercases it as it parses it).
        model = Self.base; model.userName = "ana"
        #expect(model.layoutInputs(fonts: []).fingerprint == Self.base.layoutInputs(fonts: []).fingerprint)
        #expect(Self.base.layoutInputs(fonts: []).fingerprint.count == 32)
        #expect(Self.base.layoutInputs(fonts: []).fingerprintHex.count == 64)
    }

    /// Layouts measured with other fonts are other layouts: the font set's digest is an input.
    @Test func anotherFontSetChangesTheFingerprint() {
        let builtIn = Self.base.layoutInputs(fonts: Array(repeating: 1, count: 32)).fingerprint
        #expect(Self.base.layoutInputs(fonts: Array(repeating: 2, count: 32)).fingerprint != builtIn)
        #expect(Self.base.layoutInputs(fonts: []).fingerprint != builtIn)
    }

    @Test func theSameDescriptionLabelByAnotherUserDiffers() {
        var a = Self.base, b = Self.base
        a.title = "x y"
        b.userName = "Ana x"
        b.title = "y"
        #expect(a.descriptionLabel == b.descriptionLabel, "the same description label…")
        #expect(a.layoutInputs(fonts: []).fingerprint != b.layoutInputs(fonts: []).fingerprint, "…but another user name")
    }
}
