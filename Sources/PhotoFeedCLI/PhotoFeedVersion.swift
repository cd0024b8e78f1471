import PhotoFeed

/// What `photofeed --version` prints: the release, and the layout engine version that keys the
/// layout cache (``EngineVersion/layoutEngine``).
enum PhotoFeedVersion {
    static let release = "0.1.0"

    static var description: String { "\(release) (layout engine \(EngineVersion.layoutEngine))" }
}
