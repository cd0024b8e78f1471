import ArgumentParser
import FeedRendering
import FeedStore
import Foundation
import PhotoFeed

/// `photofeed layout show --photo ID --width W [--scale S] [--format ascii|json|svg]`: one cell's
/// layout (from the layout cache, or computed and stored) as an ASCII box drawing, the result
/// line, or an SVG picture with labelled frames.
public struct LayoutShowCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show one photo cell's layout.")

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case ascii, json, svg
    }

    @OptionGroup var store: StoreOptions
    @Option(help: "The photo's id.") var photo: Int64
    @OptionGroup var cell: CellOptions
    @Option(help: "Output format: ascii, json or svg.") var format: Format = .ascii
    @Option(help: "Columns of the ASCII drawing.") var columns: Int = 80

    public init() {}

    public func validate() throws {
        guard columns >= 4 else { throw ValidationError("--columns must be at least 4, not \(columns)") }
    }

    public func run() throws {
        let output = CommandOutput.current
        try CommandFailure.reporting {
            let controller = try FeedController(store: store.openStore())
            guard let entry = try controller.entry(photoID: photo, width: cell.width, scale: cell.scale) else {
                throw UnknownPhotoError(photoID: photo)
            }
            // A cache hit, counted in memory, written without waiting for a busy writer.
            _ = try? controller.store.writeLayoutCacheCounts()
            switch format {
            case .json:
                try output.json(JSONFragment(entry.layout.resultLine))
            case .ascii:
                let snapshot = try controller.snapshot(of: entry, scale: cell.scale)
                output.text(ASCIIBoxRenderer(columns: columns).render(snapshot))
            case .svg:
                let snapshot = try controller.snapshot(of: entry, scale: cell.scale)
                output.text(SVGRenderer().render(snapshot))
            }
        }
    }
}
