/// The names the HTML feed page gives its font files where it loads them from beside itself: the
/// server's `/fonts/{name}` and the folder `feed --format html --output FILE` writes next to the
/// page. A file goes by its own name ("DejaVuSans.ttf"), or "N-name" (N its position in `paths`)
/// when two files share a name, so every name is a plain file name, never a path.
///
/// ```swift
/// FontFileNames.names(for: ["/a/Sans.ttf", "/b/Sans.ttf", "/c/Emoji.ttf"])
/// // ["/a/Sans.ttf": "0-Sans.ttf", "/b/Sans.ttf": "1-Sans.ttf", "/c/Emoji.ttf": "Emoji.ttf"]
/// ```
public enum FontFileNames {
    /// Each path of `paths` and its name.
    public static func names(for paths: [String]) -> [String: String] {
        let baseNames = paths.map { String($0.split(separator: "/").last ?? Substring($0)) }
        var names: [String: String] = [:]
        for (index, (path, base)) in zip(paths, baseNames).enumerated() where names[path] == nil {
            names[path] = baseNames.filter { $0 == base }.count > 1 ? "\(index)-\(base)" : base
        }
        return names
    }
}
