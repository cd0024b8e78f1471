import BenchmarkHTTP
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Many client sockets to one port on 127.0.0.1, served by one thread with `poll(2)`: what the
/// change benchmark's thousand subscribers and thousand pollers need without a thread each.
final class LoopbackSockets {
    private(set) var descriptors: [Int32] = []

    /// Opens `count` connections (blocking connects, then non-blocking sockets).
    init(port: Int, count: Int) throws {
        for _ in 0..<count {
            let socket = try connectToLoopback(port: port)
            _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
            descriptors.append(socket)
        }
    }

    deinit { descriptors.forEach { close($0) } }

    /// Writes all of `text` to connection `index` (small requests: the socket buffer takes them).
    func send(_ text: String, to index: Int) throws {
        let bytes = Array(text.utf8)
        let sent = bytes.withUnsafeBytes { Glibc.send(descriptors[index], $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == bytes.count else { throw SocketFailure("send: errno \(errno)") }
    }

    /// Waits at most `milliseconds` for readable connections and calls `read` with each one's
    /// index and the bytes it had; a closed connection throws.
    func poll(milliseconds: Int32, _ read: (Int, ArraySlice<UInt8>) throws -> Void) throws {
        var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        guard Glibc.poll(&entries, nfds_t(entries.count), milliseconds) >= 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        for (index, entry) in entries.enumerated() where entry.revents != 0 {
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(entry.fd, $0.baseAddress, $0.count, 0) }
                if count > 0 {
                    try read(index, buffer[..<count])
                    if count < buffer.count { break }
                } else if count == 0 {
                    throw SocketFailure("connection \(index) closed by the server")
                } else {
                    break  // EAGAIN: read it all
                }
            }
        }
    }
}

struct SocketFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Milliseconds since 1970: the clock the change log's `changed_at` is written with.
func wallMilliseconds() -> Int64 {
    Int64((Date().timeIntervalSince1970 * 1000).rounded())
}
