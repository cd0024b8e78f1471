import Foundation
import LayoutTestSupport
import Testing
import TextLayout

/// The font set as configuration: a manifest's slots and paths, its errors, the collection it
/// loads and the digest that keys every layout measured with it.
@Suite struct FontManifestTests {
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("font-manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func relativePathsAreRelativeToTheManifestAndBoldAndFaceIndexAreOptional() throws {
        // Given a manifest in a folder that names its files relative to it
        let json = #"{"cascade":[{"regular":"a/Regular.ttf","bold":"../Bold.ttf"},"#
            + #"{"regular":"/abs/CJK.ttc","faceIndex":2},{"regular":"Emoji.ttf"}]}"#
        // When it is read
        let manifest = try FontManifest(json: Data(json.utf8), directory: "/fonts/set", source: "/fonts/set/m.json")
        // Then every path is absolute, a slot without bold uses its regular file for both weights
        #expect(manifest.cascade == [
            FontManifest.Slot(regular: "/fonts/set/a/Regular.ttf", bold: "/fonts/Bold.ttf"),
            FontManifest.Slot(regular: "/abs/CJK.ttc", faceIndex: 2),
            FontManifest.Slot(regular: "/fonts/set/Emoji.ttf"),
        ])
        #expect(manifest.cascade[2].boldFile == "/fonts/set/Emoji.ttf")
        #expect(manifest.files == ["/fonts/set/a/Regular.ttf", "/fonts/Bold.ttf", "/abs/CJK.ttc", "/fonts/set/Emoji.ttf"])
    }

    @Test(arguments: [
        (#"{"cascade":[]}"#, "font manifest m.json: \"cascade\" is empty"),
        (#"{"fonts":[]}"#, "font manifest m.json: missing \"cascade\" at the top level"),
        (#"{"cascade":[{"bold":"b.ttf"}]}"#, "font manifest m.json: missing \"regular\" at cascade[0]"),
        (#"{"cascade":[{"regular":"a.ttf","faceIndex":-1}]}"#, "font manifest m.json: cascade[0].faceIndex is negative"),
        (#"{"cascade":[{"regular":""}]}"#, "font manifest m.json: cascade[0] names an empty path"),
        ("not json", "font manifest m.json: not JSON"),
    ])
    func aBadManifestIsOneMessageNamingTheFileAndTheSlot(json: String, message: String) {
        #expect(throws: FontManifestError.self) {
            try FontManifest(json: Data(json.utf8), directory: "/", source: "m.json")
        }
        do {
            _ = try FontManifest(json: Data(json.utf8), directory: "/", source: "m.json")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func aMissingManifestOrFontFileIsNamed() throws {
        #expect(throws: FontManifestError.fileNotFound(path: "/no/such/fonts.json")) {
            try FontManifest(contentsOf: "/no/such/fonts.json")
        }
        let manifest = FontManifest(cascade: [FontManifest.Slot(regular: "/no/such/Font.ttf")])
        #expect(throws: FontError.fileNotFound(path: "/no/such/Font.ttf")) { try FontCollection(manifest: manifest) }
        #expect(throws: FontError.fileNotFound(path: "/no/such/Font.ttf")) { try FontSetDigest.digest(of: manifest) }
    }

    @Test func aManifestFileRoundTripsAndLoadsTheFacesItNames() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try FontFixtures.write(FontFixtures.liberation, to: directory)
        let manifest = try FontManifest(contentsOf: path)
        #expect(manifest.cascade == FontFixtures.liberation.cascade)
        let fonts = try FontCollection(manifest: manifest)
        #expect(fonts.regular.familyName == "Liberation Sans" && fonts.bold.styleName == "Bold")
        #expect(fonts.fallbacks.map(\.name) == ["Noto Sans CJK JP", "Noto Color Emoji"])
        #expect(fonts.manifest.files == manifest.files)
    }

    @Test func theBuiltInManifestMeasuresAsTheDefaultCollection() throws {
        let manifest = FontManifest.builtIn
        let loaded = TextMeasurer(fonts: try FontCollection(manifest: manifest))
        let standard = TextMeasurer(fonts: try FontCollection())
        let text = AttributedText("Fog on the water 外灘の夜景 😀", attributes: TextAttributes(fontSize: 14))
        #expect(loaded.measureUncached(text, maxWidth: 120) == standard.measureUncached(text, maxWidth: 120))
        #expect(loaded.fontSetDigest == standard.fontSetDigest, "the same files, the same digest")
    }

    @Test func theDigestFollowsTheFilesBytesAndTheirOrder() throws {
        // Given the built-in set, the Liberation set and a copy of the built-in files elsewhere
        let builtIn = try FontSetDigest.digest(of: .builtIn)
        let liberation = try FontSetDigest.digest(of: FontFixtures.liberation)
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var copied = FontManifest.builtIn
        for index in copied.cascade.indices {
            let slot = copied.cascade[index]
            let regular = directory.appendingPathComponent("\(index)-r-" + URL(fileURLWithPath: slot.regular).lastPathComponent)
            try FileManager.default.copyItem(atPath: slot.regular, toPath: regular.path)
            copied.cascade[index].regular = regular.path
            if let bold = slot.bold {
                let target = directory.appendingPathComponent("\(index)-b-" + URL(fileURLWithPath: bold).lastPathComponent)
                try FileManager.default.copyItem(atPath: bold, toPath: target.path)
                copied.cascade[index].bold = target.path
            }
        }
        // Then the digest is 32 bytes, is the same for the same bytes wherever they lie, and
        // changes with other fonts, another order, another face or one edited byte
        #expect(builtIn.count == 32)
        #expect(try FontSetDigest.digest(of: copied) == builtIn)
        #expect(liberation != builtIn)
        var reordered = FontManifest.builtIn
        reordered.cascade.swapAt(1, 2)
        #expect(try FontSetDigest.digest(of: reordered) != builtIn)
        var otherFace = FontManifest.builtIn
        otherFace.cascade[1].faceIndex = 1
        #expect(try FontSetDigest.digest(of: otherFace) != builtIn)
        let edited = copied.cascade[0].regular
        var bytes = try Data(contentsOf: URL(fileURLWithPath: edited))
        bytes[bytes.count - 1] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: edited))
        #expect(try FontSetDigest.digest(of: copied) != builtIn, "an upgraded font file is another font set")
    }

    @Test func oneMeasurerPerManifestWithItsDigestTaken() throws {
        let first = try TextMeasurer.measurer(for: FontFixtures.liberation)
        let second = try TextMeasurer.measurer(for: FontFixtures.liberation)
        #expect(first === second)
        #expect(first.fontSetDigest == (try FontSetDigest.digest(of: FontFixtures.liberation)))
        #expect(try TextMeasurer.measurer(for: .builtIn) !== first)
    }
}
