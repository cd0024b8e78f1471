import Foundation

extension FontManifest {
    /// The environment variable naming a manifest file for processes given none explicitly.
    public static let environmentVariable = "PHOTOFEED_FONTS"

    /// The manifest a process measures with when it is given none (``TextMeasurer/shared``):
    /// the file `$PHOTOFEED_FONTS` names, else ``builtIn``. Commands take `--fonts` first.
    ///
    /// - Throws: ``FontManifestError`` when `$PHOTOFEED_FONTS` names no readable manifest.
    public static func processDefault() throws(FontManifestError) -> FontManifest {
        if let path = ProcessInfo.processInfo.environment[environmentVariable], !path.isEmpty {
            return try FontManifest(contentsOf: path)
        }
        return builtIn
    }
}
