import Foundation
import TextLayout

/// A second font set for tests: Liberation Sans (Debian's `fonts-liberation`, which `bin/test`
/// installs) instead of DejaVu Sans, with the built-in fallback cascade after it.
public enum FontFixtures {
    public static let liberationDirectory = "/usr/share/fonts/truetype/liberation"

    public static let liberation = FontManifest(cascade: [
        FontManifest.Slot(regular: liberationDirectory + "/LiberationSans-Regular.ttf",
                          bold: liberationDirectory + "/LiberationSans-Bold.ttf"),
    ] + FontManifest.builtIn.cascade.dropFirst())

    /// `manifest` as a manifest file in `directory`, its paths absolute; returns the file's path.
    public static func write(_ manifest: FontManifest, to directory: URL, name: String = "fonts.json") throws -> String {
        struct File: Encodable { var cascade: [FontManifest.Slot] }
        let url = directory.appendingPathComponent(name)
        try JSONEncoder().encode(File(cascade: manifest.cascade)).write(to: url)
        return url.path
    }
}
