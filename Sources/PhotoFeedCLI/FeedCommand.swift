import ArgumentParser
import FeedAPIModel
import FeedModel
import FeedRendering
import FeedStore
import Foundation
import PhotoFeed

/// `photofeed feed --width W [--scale S] [--limit N] [--after CURSOR] [--format json|html|text]
/// [--output FILE]`: the newest-first feed page with each cell's layout, from the layout cache or
/// computed and stored. The HTML page on standard output loads its fonts from where they are
/// (`file://` URLs); with `--output FILE` it goes to FILE and its fonts to the folder beside it
/// (``HTMLPageFiles``), which it loads by relative URLs.
public struct FeedCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "feed", abstract: "A feed page with each photo's cell layout (served from the layout cache).")

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, html, text
    }

    @OptionGroup var store: StoreOptions
    @OptionGroup var cell: CellOptions
    @OptionGroup var fonts: FontOptions
    @Option(parsing: .unconditional, help: "Photos per page.") var limit: Int = 20
    @Option(help: "The cursor of the previous page's \"next\".") var after: String?
    @Option(help: "Output format.") var format: Format = .text
    @Option(name: [.customShort("o"), .long],
            help: ArgumentHelp("With --format html: write the page to FILE and its fonts to the folder beside it (FILE without its extension, and .fonts), which move together.",
                               valueName: "FILE"))
    var output: String?

    public init() {}

    public func validate() throws {
        try OptionRange.limit.check(limit)
        if let output {
            guard format == .html else { throw ValidationError("--output takes the page of --format html") }
            if output.isEmpty { throw ValidationError("--output must name a file") }
        }
    }

    public func run() throws {
        let output = CommandOutput.current
        try CommandFailure.reporting(database: store.databaseName) {
            let cursor = try after.map { try FeedCursor(encoded: $0) }
            let measurer = try fonts.measurer()
            let controller = try FeedController(store: store.openAnyStore(ifMissing: .refuse), measurer: measurer)
            let page = try controller.page(width: cell.width, scale: cell.scale, limit: limit, after: cursor,
                                           storesMisses: false)
            switch format {
            case .json:
                try output.json(FeedPageJSON(page), keys: .encoded)
            case .html:
                let snapshots = controller.snapshots(of: page)
                if let file = self.output {
                    let files = HTMLPageFiles(path: file)
                    try files.write(HTMLFontFolderPage(width: cell.width, fonts: measurer.fonts, folder: files.folderName,
                                                       cells: snapshots))
                } else {
                    output.text(HTMLFeedRenderer(width: cell.width, fonts: measurer.fonts).render(snapshots))
                }
            case .text:
                FeedPageText.lines(page).forEach(output.standardOutput)
            }
            // Once the page has gone out: the layouts it computed are stored (with the hits and
            // misses counted in memory), else the counts alone, without waiting for a busy
            // writer. A command whose output is lost leaves the database as it was.
            try output.afterOutputWritten {
                try controller.storeMisses(of: page.entries, width: cell.width, scale: cell.scale)
                _ = try? controller.store.writeLayoutCacheCounts()
            }
        }
    }
}

/// A readable listing of a feed page: one line per photo (id, owner, cell size, cache outcome,
/// the start of its caption), then the next cursor.
enum FeedPageText {
    static func lines(_ page: FeedPageResult) -> [String] {
        var lines = ["feed at width \(number(page.width)), scale \(number(page.scale)): \(page.entries.count) "
                     + "photo\(page.entries.count == 1 ? "" : "s"), \(page.hits) from the layout cache, "
                     + "\(page.misses) computed"]
        lines += page.entries.map { "  " + line($0) }
        lines.append("next: \(page.next?.encoded ?? "(end of feed)")")
        return lines
    }

    /// One entry: `photo ID  @user  W×H  hit|miss  caption` (the caption cut at 40 characters).
    static func line(_ entry: FeedPageEntry) -> String {
        let caption = entry.item.photo.description.isEmpty ? entry.item.photo.title : entry.item.photo.description
        let short = caption.count > 40 ? caption.prefix(39) + "…" : Substring(caption)
        return "photo \(entry.photoID)  @\(entry.item.owner.username.lowercased())  "
            + "\(number(entry.layout.width))×\(number(entry.layout.height))  \(entry.cache.rawValue)  \(short)"
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}
