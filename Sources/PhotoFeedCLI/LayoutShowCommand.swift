import ArgumentParser
import FeedAPIModel
import FeedModel
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
    @Option(parsing: .unconditional, help: "The photo's id.") var photo: Int64
    @OptionGroup var cell: CellOptions
    @OptionGroup var fonts: FontOptions
    @Option(help: "Output format.") var format: Format = .ascii
    @Option(parsing: .unconditional, help: "Columns of the ASCII drawing.") var columns: Int = 80

    public init() {}

    public func validate() throws {
        try OptionRange.columns.check(columns)
    }

    public func run() throws {
        let output = CommandOutput.current
        try CommandFailure.reporting(database: store.databaseName) {
            let measurer = try fonts.measurer()
            let controller = try FeedController(store: store.openAnyStore(ifMissing: .refuse), measurer: measurer)
            guard let entry = try controller.entry(photoID: photo, width: cell.width, scale: cell.scale,
                                                   storesMisses: false) else {
                throw UnknownPhotoError(photoID: photo)
            }
            switch format {
            case .json:
                try output.json(JSONFragment(entry.layout.resultLine(nodesWithLayouts: PhotoCellNode.nodesWithOwnLayouts)))
            case .ascii:
                try DrawingTooLarge.check(width: entry.layout.width, height: entry.layout.height, columns: columns)
                let snapshot = controller.snapshot(of: entry, scale: cell.scale)
                output.text(ASCIIBoxRenderer(columns: columns).render(snapshot))
            case .svg:
                let snapshot = controller.snapshot(of: entry, scale: cell.scale)
                output.text(SVGRenderer().render(snapshot))
            }
            // Once the layout has gone out: stored if it was computed, and the access counted in
            // memory written, without waiting for a busy writer.
            try output.afterOutputWritten {
                try controller.storeMisses(of: [entry], width: cell.width, scale: cell.scale)
                _ = try? controller.store.writeLayoutCacheCounts()
            }
        }
    }
}

/// `--columns` that would draw a narrow, tall cell on more than ``limit`` characters: rows are
/// half as dense as columns, so a cell H points tall and W wide takes H × columns / (2 × W)
/// rows. A usage error (64) naming the option and the most columns that fit.
struct DrawingTooLarge: OptionError {
    static let limit = 4_000_000

    var columns: Int
    var rows: Int
    var fitting: Int

    var description: String {
        "--columns \(columns) would draw this cell on \(rows) rows, more than \(Self.limit) characters; "
            + "use --columns \(fitting) or fewer"
    }

    static func check(width: Double, height: Double, columns: Int) throws {
        guard width > 0 else { return }
        let rowsPerColumn = height / (2 * width)
        let rows = (rowsPerColumn * Double(columns)).rounded()
        guard rows * Double(columns) > Double(limit) else { return }
        let fitting = max(4, Int((Double(limit) / max(rowsPerColumn, 1e-9)).squareRoot()))
        throw DrawingTooLarge(columns: columns, rows: Int(rows), fitting: fitting)
    }
}
