import FeedModel
import Foundation
import LayoutCore
import TextLayout

/// The feed's cell layer: serves feed pages with each cell's layout from the store's layout
/// cache or computes and stores it, and relayouts cells when the sync daemon changes their
/// photos (``CellRelayouting``).
///
/// Layouts are computed with ``PhotoCellNode`` at `SizeRange(min: (W, 0), max: (W, ∞))` and the
/// page's scale, and cached under (cell kind "photo", photo id, content version, size range,
/// scale, ``EngineVersion/layoutEngine``). Cells are allocated through a data controller, by
/// node blocks on all cores, and live in a bounded ``PhotoCellCache`` so that a photo's text is
/// measured once and only changed text is measured again.
///
/// The time labels compare upload times with ``referenceTime``, fixed when the controller is
/// made (by default the newest upload in the store), never with the wall clock: the same
/// database gives the same layouts.
public final class FeedController: Sendable {
    /// The layout cache's cell kind for photo cells.
    public static let cellKind = "photo"
    /// How many comments of a photo the cell's model is made from: the comment feed's first page.
    static let commentPageSize = PhotoCellModel.commentPageSize

    /// The store it reads and caches layouts in: SQLite's ``FeedStore`` or another behind the seam.
    public let store: any FeedStoring
    public let cells: PhotoCellCache
    public let referenceTime: Int64
    /// Threads used to measure cells (all cores by default; 1 measures on the calling thread).
    public let parallelism: Int
    /// The digest of the fonts the cells are measured with: part of every cache key.
    public let fontSetDigest: [UInt8]
    /// What the sync daemon's last layout passes leave for the next (FeedController+Relayout.swift).
    let handoff = RelayoutHandoff()

    /// The default bound of the cell cache: a feed pages through it.
    public static let defaultCellCapacity = 4096

    /// The most cells the sync worker keeps live (about 5 KB each once laid out at two widths):
    /// about 80 MB, so the worker's memory does not grow with the feed past 16,384 cached photos.
    public static let maximumRelayoutCellCapacity = 16_384

    /// The cell cache the sync daemon wants for `store`: one cell per photo with cached layouts
    /// (at least the default, at most ``maximumRelayoutCellCapacity``). Every completion changes
    /// a cell it laid out before; a cell still in memory is laid out from its model and the
    /// completion's change, its other texts measured already, where a new cell reads its photo
    /// and measures every text.
    public static func relayoutCellCapacity(for store: any LayoutCacheStoring) throws -> Int {
        let photos = try store.cachedPhotoCount(cellKind: cellKind)
        return min(max(defaultCellCapacity, photos), maximumRelayoutCellCapacity)
    }

    public init(store: any FeedStoring, referenceTime: Int64? = nil, cellCapacity: Int = FeedController.defaultCellCapacity,
                measurer: any TextMeasuring = TextMeasurer.shared,
                parallelism: Int = ProcessInfo.processInfo.activeProcessorCount) throws {
        self.store = store
        self.cells = PhotoCellCache(capacity: cellCapacity, measurer: measurer, parallelism: parallelism)
        self.referenceTime = try referenceTime ?? store.newestUploadTime() ?? 0
        self.parallelism = max(1, parallelism)
        fontSetDigest = measurer.fontSetDigest
    }

    /// The size range of a feed cell `width` points wide.
    public static func sizeRange(width: Double) -> SizeRange {
        SizeRange(min: Size(width, 0), max: Size(width, .infinity))
    }

    /// The cache key of `model`'s cell at `range` and `scale`: its photo, content version and
    /// the fingerprint of its layout inputs with this controller's fonts.
    public func cacheKey(_ model: PhotoCellModel, range: SizeRange, scale: Double) -> LayoutCacheKey {
        cacheKey(model, sizeRange: CacheSizeRange(range), scale: scale)
    }

    /// The cache key of `model`'s cell at a stored size range and `scale`; `fingerprint` is
    /// `model.layoutInputs(fonts: fontSetDigest).fingerprint`, when the caller has it already.
    func cacheKey(_ model: PhotoCellModel, sizeRange: CacheSizeRange, scale: Double,
                  fingerprint: [UInt8]? = nil) -> LayoutCacheKey {
        LayoutCacheKey(cellKind: Self.cellKind, photoID: model.photoID, contentVersion: model.contentVersion,
                       sizeRange: sizeRange, scale: scale, engineVersion: EngineVersion.layoutEngine,
                       fingerprint: fingerprint ?? model.layoutInputs(fonts: fontSetDigest).fingerprint)
    }

    /// The model of `item` with its comment feed's first page.
    func model(_ item: FeedItem, comments: [Int64: [CommentLine]]) -> PhotoCellModel {
        PhotoCellModel(item: item, commentPage: comments[item.photo.id] ?? [], referenceTime: referenceTime)
    }

    /// Measures `cell` at `range` and `scale` and returns its cache form: every node it draws
    /// (``PhotoCellNode/drawnLayout(fitting:context:)``).
    static func measure(_ cell: PhotoCellNode, range: SizeRange, scale: Double) -> CachedLayout {
        CachedLayout(cell.drawnLayout(fitting: range, context: LayoutContext(scale: scale)))
    }
}
