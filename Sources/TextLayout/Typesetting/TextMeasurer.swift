import Synchronization

/// The text engine: shapes with HarfBuzz, breaks lines per UAX #14, truncates, and memoises.
///
/// Measuring is a pure function of the request and the fonts, so results are cached in
/// ``cache`` by (text, options, maximum width, scale); measuring the same request again is a
/// dictionary lookup. Cold measurements reuse already-shaped words from ``wordCache`` where that
/// is exact (see ``WordShapeCache``); the result is the same as shaping each paragraph whole. A
/// text of one ASCII run is laid out from its words on the stack (``ComposedText``); any other
/// text measured again at another width reuses its shaping from the thread's
/// ``RecentShapedTexts``.
/// Safe to call from many threads at once: each thread shapes into its
/// own HarfBuzz buffer (``ShapingBuffer``) on the shared immutable fonts (see ``FontFace``).
///
/// Width sanitising: a NaN or negative `maxWidth` is treated as 0 (every word breaks per
/// grapheme cluster).
public final class TextMeasurer: TextMeasuring {
    public let fonts: FontCollection
    public let cache: TextLayoutCache
    /// Shaped words reused across measurements; `nil` shapes every paragraph whole.
    public let wordCache: WordShapeCache?
    /// ``fonts`` as plain values for shaping, built once (see ``UnretainedFonts``; this measurer
    /// keeps ``fonts`` alive).
    private let borrowedFonts: UnretainedFonts
    /// ``wordCache`` borrowed for shaping (see ``BorrowedWordCache``; this measurer keeps it alive).
    private let borrowedWordCache: BorrowedWordCache?
    /// This measurer's tag in each thread's ``RecentShapedTexts``.
    let id = ProcessUniqueID.next()
    private let digest = Mutex<[UInt8]?>(nil)

    public init(fonts: FontCollection, cache: TextLayoutCache = TextLayoutCache(),
                wordCache: WordShapeCache? = WordShapeCache()) {
        self.fonts = fonts
        self.cache = cache
        self.wordCache = wordCache
        borrowedFonts = UnretainedFonts(fonts)
        borrowedWordCache = wordCache?.borrowed
    }

    /// A measurer over DejaVu Sans and DejaVu Sans Bold from `fontDirectory`, then the standard
    /// fallback cascade (``FallbackFont/standardCascade()``).
    ///
    /// - Throws: ``FontError`` naming a missing or unreadable font file.
    public convenience init(fontDirectory: String = FontCollection.defaultDirectory) throws(FontError) {
        self.init(fonts: try FontCollection(directory: fontDirectory))
    }

    /// The process-wide measurer over the process's font set (``FontManifest/processDefault()``:
    /// `--fonts`, `$PHOTOFEED_FONTS` or the built-in DejaVu → Noto Sans CJK → Noto Color Emoji).
    ///
    /// The built-in fonts are a system requirement (Debian's `fonts-dejavu-core`, `fonts-noto-cjk`
    /// and `fonts-noto-color-emoji`, which `bin/` scripts install); without them, or with a
    /// manifest whose files cannot be read, this stops the process with a message saying so.
    /// Commands load the manifest first and report such a problem as an error; code that wants
    /// to handle it builds its own measurer with ``init(fonts:cache:wordCache:)``.
    public static let shared: TextMeasurer = {
        do {
            return try measurer(for: try FontManifest.processDefault())
        } catch {
            fatalError("TextLayout: cannot load the fonts: \(error)")
        }
    }()

    /// The process's measurer over `manifest`'s fonts: loaded on first use, then the same one
    /// (with its caches) for every later use of an equal manifest.
    ///
    /// Its ``fontSetDigest`` is taken as it loads.
    ///
    /// - Throws: ``FontError`` naming the first file that cannot be loaded or read.
    public static func measurer(for manifest: FontManifest) throws(FontError) -> TextMeasurer {
        if let known = byManifest.withLock({ $0[manifest] }) { return known }
        let loaded = TextMeasurer(fonts: try FontCollection(manifest: manifest))
        let digest = try FontSetDigest.digest(of: loaded.fonts.manifest)
        loaded.digest.withLock { $0 = digest }
        return byManifest.withLock { known in
            if let first = known[manifest] { return first }
            known[manifest] = loaded
            return loaded
        }
    }

    private static let byManifest = Mutex<[FontManifest: TextMeasurer]>([:])

    /// ``FontSetDigest`` of ``fonts``, computed on first use: what keys the layouts measured
    /// with this measurer. Empty when a font file can no longer be read.
    public var fontSetDigest: [UInt8] {
        digest.withLock { digest in
            if let digest { return digest }
            let computed = (try? FontSetDigest.digest(of: fonts.manifest)) ?? []
            digest = computed
            return computed
        }
    }

    public func measure(_ text: AttributedText, options: TextLayoutOptions = .standard,
                        maxWidth: Double, scale: Double = 1) -> TextMeasurement {
        let maxWidth = Self.sanitised(maxWidth)
        let hash = TextLayoutKey.hash(text: text, options: options, maxWidth: maxWidth, scale: scale)
        let partition = cache.currentPartition
        if let hit = cache.measurement(hash: hash, text: text, options: options, maxWidth: maxWidth, scale: scale,
                                       partition: partition) {
            return hit
        }
        let result = measureUncached(text, options: options, maxWidth: maxWidth)
        cache.store(result, for: TextLayoutKey(text: text, options: options, maxWidth: maxWidth, scale: scale),
                    partition: partition)
        return result
    }

    /// Measures without consulting or filling the cache.
    public func measureUncached(_ text: AttributedText, options: TextLayoutOptions = .standard,
                                maxWidth: Double) -> TextMeasurement {
        guard !text.isEmpty else { return .empty }
        let maxWidth = Self.sanitised(maxWidth)
        if let composed = ComposedText.measure(text, options: options, maxWidth: maxWidth, fonts: borrowedFonts,
                                               wordCache: borrowedWordCache) {
            return composed
        }
        let shaped = RecentShapedTexts.current.shaped(text, measurer: id) {
            // With a line limit, only the words the lines reach are shaped (see ``LazyShaping``).
            ShapedText(text, fonts: borrowedFonts, wordCache: borrowedWordCache, lazily: options.maximumNumberOfLines > 0)
        }
        return Typesetter(shaped: shaped).layout(maxWidth: maxWidth, options: options,
                                                 wordCache: borrowedWordCache)
    }

    public func lineMetrics(for attributes: TextAttributes) -> LineMetrics {
        // Through the borrowed faces: every text node asks this twice when it is made, and
        // retaining the shared `FontFace` would make both cores write its reference count.
        borrowedFonts.face(for: attributes.fontWeight).lineMetrics(fontSize: attributes.fontSize)
    }

    /// The advance width of `text` on one line (no wrapping, trailing spaces excluded).
    public func width(of text: AttributedText) -> Double {
        measureUncached(text, maxWidth: .infinity).width
    }

    @inline(__always)
    private static func sanitised(_ width: Double) -> Double {
        width.isNaN || width < 0 ? 0 : width
    }
}
