import Foundation
import LayoutTestSupport
import PhotoFeedCLI
import StoreTestSupport
import Testing

/// `photofeed feed --format html --output FILE`: the page and the folder of its fonts beside it,
/// which it loads by relative URLs, so the pair can move; a write that fails leaves nothing.
@Suite(.blockingWork) struct HTMLOutputFileTests {
    /// A new empty directory.
    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("photofeed-html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The `url("…")` references of `html`'s stylesheet.
    static func fontReferences(_ html: String) -> [String] {
        html.components(separatedBy: "url(\"").dropFirst().compactMap { $0.components(separatedBy: "\")").first }
    }

    /// Whether every font reference of the page at `page` is relative and names a file that
    /// exists inside the folder beside it.
    static func referencesResolve(_ page: URL, folder: String) throws -> [String] {
        let html = try String(contentsOf: page, encoding: .utf8)
        let references = fontReferences(html)
        #expect(!references.isEmpty)
        for reference in references {
            #expect(reference.hasPrefix(folder + "/"), "\(reference) is not in \(folder)/")
            #expect(!reference.contains("..") && !reference.contains("://"), "\(reference)")
            let file = URL(string: reference, relativeTo: page)?.standardizedFileURL
            #expect(file.map { FileManager.default.fileExists(atPath: $0.path) } == true, "\(reference) is missing")
        }
        return references
    }

    @Test func thePageLoadsItsFontsFromTheFolderBesideItAndMovesWithIt() throws {
        // Given the test feed
        let db = try FeedTestStore.seededFile()
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("my page.html")

        // When its page is written to a file
        let result = CommandRunner.run(["feed", "--db", db, "--width", "375", "--limit", "2", "--format", "html",
                                        "--output", page.path])

        // Then nothing goes to stdout, and the page names only files of "my page.fonts" beside it,
        // the primary font's two faces and the emoji font (the page's ♥), not the CJK font it has no use for
        #expect(result.status == 0 && result.out.isEmpty && result.err.isEmpty, "\(result.err)")
        let references = try Self.referencesResolve(page, folder: "my%20page.fonts")
        #expect(references.contains("my%20page.fonts/DejaVuSans.ttf") && references.contains("my%20page.fonts/DejaVuSans-Bold.ttf"))
        #expect(!references.contains { $0.contains("CJK") })
        let folder = directory.appendingPathComponent("my page.fonts")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(Set(files) == Set(references.map { String($0.dropFirst("my%20page.fonts/".count)) }))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
                == ["my page.fonts", "my page.html"])

        // And when the pair moves to another directory, the page still finds every font
        let moved = try Self.directory()
        defer { try? FileManager.default.removeItem(at: moved) }
        for name in ["my page.html", "my page.fonts"] {
            try FileManager.default.moveItem(at: directory.appendingPathComponent(name), to: moved.appendingPathComponent(name))
        }
        _ = try Self.referencesResolve(moved.appendingPathComponent("my page.html"), folder: "my%20page.fonts")
    }

    @Test func writingAgainReplacesThePageAndKeepsOtherFiles() throws {
        let db = try FeedTestStore.seededFile()
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("feed.html")
        let folder = directory.appendingPathComponent("feed.fonts")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        try Data("old".utf8).write(to: page)

        let result = CommandRunner.run(["feed", "--db", db, "--width", "320", "--format", "html", "-o", page.path])

        #expect(result.status == 0, "\(result.err)")
        #expect(try String(contentsOf: page, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
        #expect(try String(contentsOf: folder.appendingPathComponent("notes.txt"), encoding: .utf8) == "mine")
        _ = try Self.referencesResolve(page, folder: "feed.fonts")
        // no temporary file is left behind
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            + FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!names.contains { $0.contains(".tmp-") }, "\(names)")
    }

    @Test func aPageThatCannotBeWrittenLeavesNothingAndIsStatus73() throws {
        let db = try FeedTestStore.seededFile()
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }

        // A directory that does not exist
        let missing = directory.appendingPathComponent("no/such/page.html").path
        let lost = CommandRunner.run(["feed", "--db", db, "--width", "375", "--format", "html", "--output", missing])
        #expect(lost.status == 73)
        #expect(lost.err.count == 1 && lost.err.first?.hasPrefix("error: cannot write \(directory.path)/no/such/page.fonts: ") == true,
                "\(lost.err)")

        // A file where the fonts' folder goes: the page is not written, and the file stays
        let blocked = directory.appendingPathComponent("blocked.html")
        try Data("in the way".utf8).write(to: directory.appendingPathComponent("blocked.fonts"))
        let refused = CommandRunner.run(["feed", "--db", db, "--width", "375", "--format", "html", "-o", blocked.path])
        #expect(refused.status == 73 && refused.err.count == 1, "\(refused.err)")
        #expect(!FileManager.default.fileExists(atPath: blocked.path))

        // A directory where the page goes: the fonts' folder this write made is removed again
        let occupied = directory.appendingPathComponent("occupied.html")
        try FileManager.default.createDirectory(at: occupied.appendingPathComponent("inside"), withIntermediateDirectories: true)
        let taken = CommandRunner.run(["feed", "--db", db, "--width", "375", "--format", "html", "-o", occupied.path])
        #expect(taken.status == 73 && taken.err == ["error: cannot write \(occupied.path): Is a directory"], "\(taken.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
                == ["blocked.fonts", "occupied.html"])
    }

    @Test func outputNeedsTheHTMLFormatAndStdoutKeepsAbsoluteFontURLs() throws {
        let db = try FeedTestStore.seededFile()
        let text = CommandRunner.run(["feed", "--db", db, "--width", "375", "--output", "page.html"])
        #expect(text.status == 64 && text.err.first?.contains("--output takes the page of --format html") == true,
                "\(text.err)")
        let empty = CommandRunner.run(["feed", "--db", db, "--width", "375", "--format", "html", "--output", ""])
        #expect(empty.status == 64)

        let stdout = CommandRunner.run(["feed", "--db", db, "--width", "375", "--format", "html"])
        let references = Self.fontReferences(stdout.out.joined(separator: "\n"))
        #expect(!references.isEmpty && references.allSatisfy { $0.hasPrefix("file:///") }, "\(references)")
    }

    @Test(arguments: [("page.html", "page.fonts"), ("page", "page.fonts"), ("a.b.html", "a.b.fonts"),
                      ("x.fonts", "x.fonts.fonts"), (".hidden", ".hidden.fonts")])
    func theFolderIsNamedAfterThePage(page: String, folder: String) {
        #expect(HTMLPageFiles.folderName(forPage: page) == folder)
    }
}
