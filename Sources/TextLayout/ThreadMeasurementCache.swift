#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small per-thread cache of measurements in front of the shared ``TextLayoutCache``.
///
/// A relayout asks the shared cache for the same texts from every thread; each shared lookup
/// takes a shard's mutex and retains the stored entry and its lines, and those writes bounce the
/// cache lines between cores. Entries here are this thread's own copies (their lines in a buffer
/// only this thread retains), tagged with the shared cache's ``TextLayoutCache/epoch`` so that
/// another cache's entries, or entries from before ``TextLayoutCache/removeAll()``, never answer.
/// A stored measurement never changes, so an entry is right for as long as its epoch is current.
///
/// Direct-mapped, 256 entries, filled on every shared hit and store. An entry keeps its text
/// alive until it is replaced. Not thread-safe by design: each thread reaches only its own
/// instance, through ``current``.
final class ThreadMeasurementCache {
    static let slotCount = 256

    private struct Slot {
        var epoch: UInt64 = 0
        var hash = 0
        var entry: TextLayoutCache.Entry?
    }

    private var slots = [Slot](repeating: Slot(), count: slotCount)

    private init() {}

    /// The measurement stored for the request by the cache whose current epoch is `epoch`.
    @inline(__always)
    func measurement(epoch: UInt64, hash: Int, text: AttributedText, options: TextLayoutOptions, minWidth: Double,
                     maxWidth: Double, scale: Double) -> TextMeasurement? {
        let index = Int(truncatingIfNeeded: UInt(bitPattern: hash) >> 7) & (Self.slotCount - 1)
        guard slots[index].epoch == epoch, slots[index].hash == hash, let entry = slots[index].entry,
              entry.key.matches(text: text, options: options, minWidth: minWidth, maxWidth: maxWidth, scale: scale)
        else { return nil }
        return entry.measurement
    }

    /// Keeps a copy of `measurement` (with lines in a buffer of this thread's own) for `key`.
    func store(_ measurement: TextMeasurement, for key: TextLayoutKey, epoch: UInt64) {
        var copy = measurement
        copy.lines = measurement.lines.map { $0 }
        let index = Int(truncatingIfNeeded: UInt(bitPattern: key.precomputedHash) >> 7) & (Self.slotCount - 1)
        slots[index] = Slot(epoch: epoch, hash: key.precomputedHash,
                            entry: TextLayoutCache.Entry(key: key, measurement: copy))
    }

    private struct Key: @unchecked Sendable {  // a pthread key is an integer handle, set once
        let value: pthread_key_t
    }

    private static let key: Key = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { cache in
            if let cache { Unmanaged<ThreadMeasurementCache>.fromOpaque(cache).release() }
        }
        precondition(status == 0, "TextLayout: cannot create the measurement caches' thread key (\(status))")
        return Key(value: key)
    }()

    /// The calling thread's cache, created on first use and released when the thread exits.
    static var current: ThreadMeasurementCache {
        let key = key.value
        if let existing = pthread_getspecific(key) {
            return Unmanaged<ThreadMeasurementCache>.fromOpaque(existing).takeUnretainedValue()
        }
        let cache = ThreadMeasurementCache()
        pthread_setspecific(key, Unmanaged.passRetained(cache).toOpaque())
        return cache
    }
}
