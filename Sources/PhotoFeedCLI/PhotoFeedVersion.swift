import PhotoFeed

/// What `photofeed --version` prints: the release, and the layout engine version that keys the
/// layout cache (``EngineVersion/layoutEngine``).
enum PhotoFeedVersion {
    static let release = ReleaseVersion.number

    static var description: String { "\(release) (layout engine \(EngineVersion.layoutEngine))" }
}
