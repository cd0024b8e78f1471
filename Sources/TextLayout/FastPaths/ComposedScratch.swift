import Locking

/// A thread's buffers for ``ComposedText``: break statuses, prefix sums and flags for the longest
/// text it measures, and room for one word. Allocated once per thread, freed when it exits.
final class ComposedScratch {
    let breaks = UnsafeMutableBufferPointer<Int8>.allocate(capacity: ComposedText.maximumLength)
    let prefix = UnsafeMutableBufferPointer<Double>.allocate(capacity: ComposedText.maximumLength + 1)
    let flags = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: ComposedText.maximumLength + 1)
    let word = WordScratch(advances: .allocate(capacity: WordShapeCache.maximumWordLength),
                           flags: .allocate(capacity: WordShapeCache.maximumWordLength))
    /// Set while a measurement uses the buffers (measuring never calls back into itself).
    var inUse = false

    private init() {}

    deinit {
        breaks.deallocate()
        prefix.deallocate()
        flags.deallocate()
        word.advances.deallocate()
        word.flags.deallocate()
    }

    private static let perThread = PerThread { ComposedScratch() }

    /// Runs `body` with the calling thread's buffers (not retained for it; see ``PerThread``).
    @inline(__always)
    static func withCurrent<Result>(_ body: (ComposedScratch) -> Result) -> Result { perThread.withCurrent(body) }
}
