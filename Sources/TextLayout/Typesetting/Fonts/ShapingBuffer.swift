import CHarfBuzz
import Locking

/// One `hb_buffer_t` per thread, reused by every shaping call on that thread.
///
/// Creating and destroying a buffer per measurement cost a few allocations each time; a thread
/// shapes one item at a time, so one buffer per thread suffices. Callers clear it before use
/// (`hb_buffer_clear_contents`, which also resets the segment properties). The buffer is
/// destroyed when its thread exits (``PerThread``).
final class ShapingBuffer {
    let buffer: OpaquePointer

    private init() {
        buffer = hb_buffer_create()!
    }

    deinit { hb_buffer_destroy(buffer) }

    private static let perThread = PerThread { ShapingBuffer() }

    /// The calling thread's buffer, created on first use.
    static var current: OpaquePointer { perThread.current.buffer }
}
