#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps a closed standard stream closed for writing.
///
/// A process started with standard output closed (`photofeed feed >&-`) would hand descriptor 1
/// to the next file it opens, the database among them, and the feed's lines would be written
/// into that file. ``reserveClosed()`` fills each closed descriptor among 0, 1 and 2 with
/// `/dev/null` opened for reading only, so that a write to it fails (`EBADF`) and is reported
/// (status 74) instead.
enum StandardDescriptors {
    static func reserveClosed() {
        for descriptor in Int32(0)...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", O_RDONLY)
            if opened >= 0, opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
        }
    }
}
