/// One row of the layout cache without its frames: which photo, range and scale it is for, the
/// versions it was computed with and the cached height. Relayouts and reports read these.
public struct CachedLayoutEntry: Codable, Hashable, Sendable {
    public var photoID: Int64
    public var sizeRange: CacheSizeRange
    public var scale: Double
    public var contentVersion: Int64
    public var engineVersion: Int
    public var height: Double
    /// The layout-input fingerprint the row was computed for (empty when it has none).
    public var fingerprint: [UInt8]
    /// Whether the row was computed for an older content version of its photo or another engine
    /// version than the one asked about (filled by `cachedLayoutHeights(engineVersion:)`;
    /// false elsewhere).
    public var isStale: Bool

    public init(photoID: Int64, sizeRange: CacheSizeRange, scale: Double, contentVersion: Int64, engineVersion: Int,
                height: Double, isStale: Bool = false, fingerprint: [UInt8] = []) {
        self.fingerprint = fingerprint
        self.photoID = photoID
        self.sizeRange = sizeRange
        self.scale = scale
        self.contentVersion = contentVersion
        self.engineVersion = engineVersion
        self.height = height
        self.isStale = isStale
    }
}
