#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which file a path names: its device and inode, as `stat(2)` gives them. Two paths, or one
/// path at two times, name the same file exactly when their identities are equal; a file renamed
/// over the path, or a path removed and made again, has another identity.
///
/// ```swift
/// let opened = FileIdentity(path: "feed.sqlite")
/// // … `mv other.sqlite feed.sqlite` …
/// FileIdentity(path: "feed.sqlite") != opened   // true
/// ```
struct FileIdentity: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64

    /// The identity of the file `path` names now (symbolic links followed), or nil when no file
    /// is there.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
