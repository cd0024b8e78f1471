import ArgumentParser

/// `--width W [--scale S]`: the cell size range (exactly W wide, any height) and screen scale.
struct CellOptions: ParsableArguments {
    @Option(help: "The cell width in points.") var width: Double
    @Option(help: "The screen scale used for pixel snapping.") var scale: Double = 2

    func validate() throws {
        guard width.isFinite, width > 0 else {
            throw ValidationError("--width must be a positive number of points, not \(width)")
        }
        guard scale.isFinite, scale > 0 else {
            throw ValidationError("--scale must be a positive number, not \(scale)")
        }
    }
}
