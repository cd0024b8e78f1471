import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The smallest HTTP/1.1 client the benchmarks need beside wrk: one keep-alive connection to a
/// port on 127.0.0.1, GET requests one at a time, responses with a `Content-Length` (what
/// `photofeed serve` sends). Blocking sockets, no run loop, no URLSession: its own latency is a
/// system call or two each way. A timeout or a closed connection throws.
public final class LoopbackHTTPClient {
    private let socket: Int32
    private var pending: [UInt8] = []

    /// Connects to 127.0.0.1:`port`; a read waits at most `timeout` seconds.
    public init(port: Int, timeout: Int = 5) throws {
        socket = try connectToLoopback(port: port)
        var noDelay: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
        var wait = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(socket) }

    /// GETs `path` (with its query); the status code, the header fields (names in lower case)
    /// and the body.
    public func get(_ path: String) throws -> (status: Int, headers: [String: String], body: [UInt8]) {
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        var sent = 0
        while sent < request.count {
            let count = request[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw HTTPClientFailure("send: errno \(errno)") }
            sent += count
        }
        let headerEnd = try readUntilHeaderEnd()
        let head = String(decoding: pending[..<headerEnd], as: UTF8.self)
        let lines = head.split(separator: "\r\n")
        guard let statusText = lines.first?.split(separator: " ").dropFirst().first, let status = Int(statusText) else {
            throw HTTPClientFailure("not an HTTP response: \(head)")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 { headers[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces) }
        }
        let length = headers["content-length"].flatMap { Int($0) } ?? 0
        let bodyStart = headerEnd + 4
        while pending.count < bodyStart + length { try receive() }
        let body = Array(pending[bodyStart ..< bodyStart + length])
        pending.removeFirst(bodyStart + length)
        return (status, headers, body)
    }

    /// The offset of the `\r\n\r\n` that ends the response's header, reading until it arrives.
    private func readUntilHeaderEnd() throws -> Int {
        var searched = 0
        while true {
            if pending.count >= 4 {
                for index in max(0, searched - 3) ... pending.count - 4
                where pending[index] == 13 && pending[index + 1] == 10 && pending[index + 2] == 13 && pending[index + 3] == 10 {
                    return index
                }
                searched = pending.count
            }
            try receive()
        }
    }

    private func receive() throws {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { throw HTTPClientFailure(count == 0 ? "connection closed" : "recv: errno \(errno)") }
        pending.append(contentsOf: buffer[..<count])
    }
}

/// A request the loopback client could not complete.
public struct HTTPClientFailure: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}

/// A TCP connection to 127.0.0.1:`port` (a blocking connect), its descriptor.
public func connectToLoopback(port: Int) throws -> Int32 {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw HTTPClientFailure("socket: errno \(errno)") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    guard connected == 0 else {
        close(socket)
        throw HTTPClientFailure("connect to port \(port): errno \(errno)")
    }
    return socket
}
