import Foundation
import StoreTestSupport
import LayoutTestSupport
import Testing

/// The documentation names only what exists: every repository path in backticks in the README
/// and `docs/` (`Sources/…`, `Tests/…`, `Migrations/…`, …) and every relative Markdown link
/// names a file or folder of the checkout. Recipes' templates (`Migrations/NNNN_name.sql`,
/// `Sources/LayoutCore/NameLayoutSpec.swift`, `Tests/<Module>Tests`, globs) are not paths.
@Suite(.blockingWork) struct DocumentationPathTests {
    static let root = FeedTestStore.projectRoot
    static let topLevel = ["Sources/", "Tests/", "Migrations/", "seed-data/", "bin/", "benchmarks/", "docs/",
                           "Plugins/", ".ci/"]

    /// The documents checked: the README and every Markdown file in docs/.
    static func documents() throws -> [URL] {
        let docs = root.appendingPathComponent("docs")
        let markdown = try FileManager.default.contentsOfDirectory(at: docs, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "md" }
        return [root.appendingPathComponent("README.md")] + markdown.sorted { $0.path < $1.path }
    }

    /// Backticked repository paths, relative to the root.
    static func codePaths(in text: String) -> [String] {
        let tokens = text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
        return tokens.filter { token in
            topLevel.contains { token.hasPrefix($0) } && !token.contains(" ")
                && !["*", "<", "NNNN", "/Name", "{", "…"].contains { token.contains($0) }
        }
    }

    /// Relative Markdown link targets, without their anchors, relative to `document`'s folder.
    static func linkTargets(in text: String) -> [String] {
        var targets: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "](") {
            rest = rest[open.upperBound...]
            guard let close = rest.firstIndex(of: ")") else { break }
            let target = String(rest[..<close]).split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            if !target.isEmpty, !target.contains("://"), !target.hasPrefix("mailto:") { targets.append(String(target)) }
            rest = rest[close...]
        }
        return targets
    }

    @Test func everyPathTheDocumentationNamesExists() throws {
        var missing: [String] = []
        var checked = 0
        for document in try Self.documents() {
            let text = try String(contentsOf: document, encoding: .utf8)
            let name = document.path.replacingOccurrences(of: Self.root.path + "/", with: "")
            for path in Self.codePaths(in: text) {
                checked += 1
                if !FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path) {
                    missing.append("\(name): `\(path)`")
                }
            }
            for target in Self.linkTargets(in: text) {
                checked += 1
                let url = document.deletingLastPathComponent().appendingPathComponent(target).standardized
                if !FileManager.default.fileExists(atPath: url.path) { missing.append("\(name): link \(target)") }
            }
        }
        #expect(checked > 50)
        #expect(missing.isEmpty, "\(missing.count) paths named in the documentation do not exist: \(missing)")
    }

    @Test func templatesAndProseAreNotPaths() {
        let text = "see `Sources/FeedStore`, `Migrations/NNNN_name.sql`, `Tests/<Module>Tests`, `Migrations/*.sql`, "
            + "`bin/test --quick` and [the guide](docs/user-guide.md#conventions) or [x](https://example.com)"
        #expect(Self.codePaths(in: text) == ["Sources/FeedStore"])
        #expect(Self.linkTargets(in: text) == ["docs/user-guide.md"])
    }
}
