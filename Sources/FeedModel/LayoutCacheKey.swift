/// A size range as the layout cache keys it (the store does not depend on LayoutCore; the
/// caller converts `SizeRange`). Unbounded maxima are `.infinity`.
public struct CacheSizeRange: Codable, Hashable, Sendable {
    public var minWidth: Double
    public var minHeight: Double
    public var maxWidth: Double
    public var maxHeight: Double

    public init(minWidth: Double, minHeight: Double, maxWidth: Double, maxHeight: Double) {
        self.minWidth = minWidth
        self.minHeight = minHeight
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
    }

    /// A feed cell's range: exactly `width` wide, any height.
    public static func width(_ width: Double) -> CacheSizeRange {
        CacheSizeRange(minWidth: width, minHeight: 0, maxWidth: width, maxHeight: .infinity)
    }
}

/// Everything a cached layout depends on. A lookup hits only when the row for (photo, cell kind,
/// size range, scale) holds the same `fingerprint` (of the cell's layout inputs) and engine
/// version: a change of what the layout depends on misses, a display-only change (a newer
/// content version with the same inputs) hits. `contentVersion` is the photo version the row is
/// confirmed against, stored for `layouts report`, never compared on lookup.
public struct LayoutCacheKey: Codable, Hashable, Sendable {
    public var cellKind: String
    public var photoID: Int64
    public var contentVersion: Int64
    public var sizeRange: CacheSizeRange
    public var scale: Double
    public var engineVersion: Int
    /// The digest of the layout's inputs (the cell's `CellLayoutInputs.fingerprint`).
    public var fingerprint: [UInt8]

    public init(cellKind: String, photoID: Int64, contentVersion: Int64, sizeRange: CacheSizeRange, scale: Double,
                engineVersion: Int, fingerprint: [UInt8]) {
        self.fingerprint = fingerprint
        self.cellKind = cellKind
        self.photoID = photoID
        self.contentVersion = contentVersion
        self.sizeRange = sizeRange
        self.scale = scale
        self.engineVersion = engineVersion
    }
}
