import Foundation
import Glibc
import Synchronization

/// Writes the files a command makes at a path its user gave (`feed --output`, `session --html`)
/// so that a failure never leaves a half-written file: each file is written in full to a
/// temporary name beside it (`.NAME.tmp-PID-N`), flushed to the disk, then renamed over its
/// name, which a reader sees as the old file or the new one, never a part. A temporary file is
/// removed when anything fails.
enum OutputFileWriter {
    /// Writes `bytes` to `path` through a temporary file beside it.
    ///
    /// - Throws: ``OutputFileError`` naming `shown` (the path as the user gave it).
    static func write(_ bytes: some Collection<UInt8>, to path: String, shown: String) throws {
        let temporary = temporaryPath(for: path)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw OutputFileError(path: shown, errno: errno) }
        var failure: Int32?
        func writeAll(_ buffer: UnsafeRawBufferPointer) {
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        // A font's bytes (megabytes) are written where they lie when they lie in one piece.
        if bytes.withContiguousStorageIfAvailable({ writeAll(UnsafeRawBufferPointer($0)) }) == nil {
            Array(bytes).withUnsafeBytes(writeAll)
        }
        if failure == nil, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == nil { failure = errno }
        if failure == nil, rename(temporary, path) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            throw OutputFileError(path: shown, errno: failure)
        }
    }

    /// Makes the directory `path` unless one is there; returns whether it made it (the caller
    /// removes a directory it made when what it writes in it fails).
    static func makeDirectory(_ path: String, shown: String) throws -> Bool {
        if mkdir(path, 0o755) == 0 { return true }
        let failure = errno
        var status = stat()
        if failure == EEXIST, stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR { return false }
        throw OutputFileError(path: shown, errno: failure == EEXIST ? ENOTDIR : failure)
    }

    /// Removes the directory `path` and the files in it (one level: what ``makeDirectory(_:shown:)``
    /// made and this writer wrote).
    static func removeDirectory(_ path: String) {
        if let names = try? FileManager.default.contentsOfDirectory(atPath: path) {
            for name in names { unlink(path + "/" + name) }
        }
        rmdir(path)
    }

    /// The writes this process has begun, numbering their temporary files.
    private static let writes = Mutex(0)

    /// `.NAME.tmp-PID-N` in `path`'s directory: hidden, and unique among this process's writes.
    static func temporaryPath(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let number = writes.withLock { count in
            count += 1
            return count
        }
        let name = ".\(url.lastPathComponent).tmp-\(getpid())-\(number)"
        return url.deletingLastPathComponent().appendingPathComponent(name).path
    }
}

/// A file a command was told to write that could not be written (status 73, EX_CANTCREAT): a
/// missing or read-only directory, a full disk, a directory or a file in the way.
struct OutputFileError: Error, CustomStringConvertible, Equatable {
    var path: String
    var reason: String

    init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    init(path: String, errno: Int32) {
        self.init(path: path, reason: String(cString: strerror(errno)))
    }

    var description: String { "cannot write \(path): \(reason)" }
}
