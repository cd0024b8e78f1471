import GRDB

/// The benchmark's own connection to a store's database file, for the reads the store does not
/// offer (the locations reverse geocoding alone is timed on), set up as the store sets up its
/// own: foreign keys on, NORMAL sync under WAL, a memory map and a 32 MiB page cache.
enum BenchConnection {
    static func open(_ path: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            try db.execute(sql: "PRAGMA mmap_size = \(1 << 30)")
            try db.execute(sql: "PRAGMA cache_size = -32768")
        }
        return try DatabaseQueue(path: path, configuration: configuration)
    }
}
