import ArgumentParser
import FeedAPIModel

/// `--width W [--scale S]`: the cell size range (exactly W wide, any height) and screen scale,
/// each within its ``OptionRange``.
struct CellOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "The cell width in points.") var width: Double
    @Option(parsing: .unconditional, help: "The screen scale used for pixel snapping.") var scale: Double = 2

    func validate() throws {
        try OptionRange.width.check(width)
        try OptionRange.scale.check(scale)
    }
}
