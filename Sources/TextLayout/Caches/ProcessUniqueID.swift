import Locking

/// Numbers never handed out twice in a process, from 1: the tags that tie a thread's
/// ``PerThread`` entries to the cache or measurer they came from, so an entry of one that is gone
/// can never be taken for another's.
enum ProcessUniqueID {
    private static let last = Locked<UInt64>(0)

    static func next() -> UInt64 {
        last.withLock {
            $0 += 1
            return $0
        }
    }
}
