import Foundation
import NIOCore

/// Why the server could not listen where it was asked, from the socket's error: the commands turn
/// it into one `error:` line (a port in use is a service unavailable, 69; a host that names no
/// address of this machine is a usage error, 64).
public enum ListenError: Error, Equatable, CustomStringConvertible {
    /// Another process listens on the port (`EADDRINUSE`).
    case portInUse(host: String, port: Int)
    /// The host is no address of this machine (`EADDRNOTAVAIL`), or names no address at all.
    case noSuchAddress(host: String)

    /// The listen error `error` is, or nil when it is another error.
    init?(_ error: any Error, host: String, port: Int) {
        switch error {
        case let error as IOError where error.errnoCode == EADDRINUSE:
            self = .portInUse(host: host, port: port)
        case let error as IOError where error.errnoCode == EADDRNOTAVAIL:
            self = .noSuchAddress(host: host)
        case is SocketAddressError:
            self = .noSuchAddress(host: host)
        default:
            return nil
        }
    }

    public var description: String {
        switch self {
        case .portInUse(let host, let port):
            "port \(port) is in use on \(host)"
        case .noSuchAddress(let host):
            "--host \(host) is not an address of this machine"
        }
    }
}
