import LayoutCore
import NodeKit
import TextLayout

/// ASDKgram's photo cell with its labels as ``TextNode``s measured by the real text engine
/// (HarfBuzz shaping, UAX #14 breaking, the shared measurement cache): user name (bold),
/// location, age, likes and a description limited to 3 lines. The avatar and the photo stay
/// fixed-size nodes. Texts vary with `index` (names, places, counts, description words), so a
/// cold insert measures text that the cache has not seen; word shapes are shared across cells
/// as they would be in a feed (within one `measurer`: give each run a fresh one for cold caches).
/// The strings come from a ``BenchPhotoModel`` made before timing, as a feed's model objects
/// exist before its cells; the cell builds its attributed texts from them, as ASDKgram's does.
/// Subnode ids are constant, as ``PhotoCellNode``'s are (unique within a cell); the cell's id
/// carries its index.
final class BenchTextPhotoCell: CellNode, @unchecked Sendable {
    // @unchecked: the children are immutable references to lock-protected nodes.
    private let avatar: DisplayNode
    private let userName: TextNode
    private let location: TextNode
    private let age: TextNode
    private let photo: DisplayNode
    private let likes: TextNode
    private let details: TextNode

    init(index: Int, model: BenchPhotoModel, measurer: TextMeasurer) {
        func text(_ name: String, _ string: String, size: Double, weight: FontWeight = .regular,
                  lines: Int = 0) -> TextNode {
            TextNode(id: LayoutElementID(name),
                     attributedText: AttributedText(string, attributes: TextAttributes(fontSize: size, fontWeight: weight)),
                     maximumNumberOfLines: lines, measurer: measurer)
        }
        avatar = DisplayNode(id: LayoutElementID("avatar")).styled { $0.preferredSize = Size(30, 30) }
        userName = text("name", model.userName, size: 14, weight: .bold)
        location = text("location", model.location, size: 12)
        age = text("age", model.age, size: 12)
        photo = DisplayNode(id: LayoutElementID("photo"))
        likes = text("likes", model.likes, size: 13, weight: .bold)
        details = text("details", model.description, size: 14, lines: 3)
        super.init(id: LayoutElementID("cell-\(index)"))
    }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
        var nameStyle = LayoutStyle()
        nameStyle.flexShrink = 1
        var spacerStyle = LayoutStyle()
        spacerStyle.flexGrow = 1
        let names = StackLayoutSpec(direction: .vertical, children: [userName, location], style: nameStyle)
        let header = StackLayoutSpec.horizontal(spacing: 8, alignItems: .center, children: [
            avatar, names, SpacerLayoutSpec(style: spacerStyle), age,
        ])
        let footer = StackLayoutSpec.vertical(spacing: 6, children: [likes, details])
        return StackLayoutSpec.vertical(alignItems: .stretch, children: [
            InsetLayoutSpec(insets: EdgeInsets(top: 8, left: 12, bottom: 8, right: 12), child: header),
            RatioLayoutSpec(ratio: 1, child: photo),
            InsetLayoutSpec(insets: EdgeInsets(top: 8, left: 12, bottom: 12, right: 12), child: footer),
        ])
    }
}

/// The plain values a text cell shows, varying with `index` as a feed's photos do.
struct BenchPhotoModel: Sendable {
    var userName: String
    var location: String
    var age: String
    var likes: String
    var description: String

    private static let words = [
        "sunset", "over", "the", "harbour", "with", "friends", "after", "a", "long", "walk", "along",
        "coast", "golden", "light", "on", "water", "boats", "coming", "home", "quiet", "evening",
        "city", "lights", "mountain", "trail", "morning", "coffee", "market", "street", "music",
    ]
    private static let places = ["Lisbon", "Kyoto", "Reykjavík", "Cape Town", "Montréal", "Hobart", "Oaxaca"]

    init(index: Int) {
        var generator = SplitMix64(seed: UInt64(index))
        let wordCount = 20 + Int(generator.next() % 40)
        description = (0..<wordCount).map { _ in Self.words[Int(generator.next() % UInt64(Self.words.count))] }
            .joined(separator: " ")
        userName = "user\(index)_\(Self.words[index % Self.words.count])"
        location = Self.places[index % Self.places.count]
        age = "\(index % 59 + 1)m"
        likes = "\(index * 7 % 1000) likes"
    }
}

/// A small deterministic generator (SplitMix64) for the benchmark's texts.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
