import FeedModel
import NIOSSL
import PostgresNIO

/// A PostgreSQL failure with the database it concerns, as one line.
///
/// ``unreachable(database:message:)`` is a server that cannot be reached (refused, closed, shut
/// down) even after the reconnect attempts of ``ReconnectPolicy``; ``StoreFailure`` reports it as
/// `.unreachable`, which commands turn into exit status 75. ``server(database:sqlState:message:)``
/// is an error the server answered with; ``missing(database:message:)`` one that says the URL's
/// role or database does not exist (``PostgresMissingObject``), which commands exit 66 for.
public enum PostgresStoreError: Error, Equatable, Sendable, CustomStringConvertible, StoreFailureConvertible {
    case unreachable(database: String, message: String)
    case server(database: String, sqlState: String, message: String)
    case missing(database: String, message: String)

    public var description: String {
        switch self {
        case .unreachable(let database, let message):
            "cannot reach the PostgreSQL database \(database): \(message)"
        case .server(let database, let sqlState, let message):
            "PostgreSQL database \(database): \(message) (SQLSTATE \(sqlState))"
        case .missing(_, let message):
            message
        }
    }

    public var storeFailure: StoreFailure {
        switch self {
        case .unreachable: .unreachable(message: description)
        case .server(_, let sqlState, _) where sqlState == "55P03" || sqlState == "40P01" || sqlState == "40001":
            .busy(message: description)
        // The command's line names the database already: the server's words only.
        case .server(_, let sqlState, let message): .other(description: "\(message) (SQLSTATE \(sqlState))")
        case .missing: .missing(message: description)
        }
    }

    /// Whether the server aborted the transaction for a conflict with another one (deadlock
    /// detected, or a serialization failure): running it again may succeed.
    var isTransactionConflict: Bool {
        guard case .server(_, let sqlState, _) = self else { return false }
        return sqlState == "40P01" || sqlState == "40001"
    }

    /// The store's error for a postgres-nio error: a lost or refused connection is
    /// `unreachable`, the URL's role or database not on the server `missing`, another error the
    /// server sent `server`; anything else passes through.
    static func wrap(_ error: any Error, location: PostgresLocation) -> any Error {
        if error is PostgresStoreError { return error }
        let database = location.description
        if let failure = certificateFailure(error) {
            let problem = switch failure {
            case .otherHost: "does not name \(location.host)"
            case .unverified(let detail): "failed verification: \(detail)"
            }
            return unreachable(database: database,
                               message: "the server's certificate \(problem) (sslmode=\(location.tls.rawValue))")
        }
        if isConnectionLoss(error) {
            let message = (error as? PSQLError).map(reason) ?? "\(error)"
            return unreachable(database: database, message: message)
        }
        guard let error = error as? PSQLError else { return error }
        let state = error.serverInfo?[.sqlState] ?? "XX000"
        if let line = PostgresMissingObject.line(sqlState: state, message: reason(error), location: location) {
            return missing(database: database, message: line)
        }
        return server(database: database, sqlState: state, message: reason(error))
    }

    /// The server's message, else the underlying network error, else the error's code.
    private static func reason(_ error: PSQLError) -> String {
        error.serverInfo?[.message] ?? error.underlying.map { "\($0)" } ?? "\(error.code)"
    }

    /// What failed when `error` is a TLS handshake that did not accept the server's certificate
    /// (not signed by a trusted authority, or for another host name): a setting to change, not
    /// a connection to try again. Nil for any other error.
    static func certificateFailure(_ error: any Error) -> CertificateFailure? {
        let underlying = (error as? PSQLError)?.underlying ?? error
        if let extra = underlying as? NIOSSLExtraError {
            return extra == .failedToValidateHostname ? .otherHost : .unverified("\(extra)")
        }
        guard case .handshakeFailed(let failure)? = underlying as? NIOSSLError else { return nil }
        guard case .sslError(let errors) = failure else { return .unverified("\(failure)") }
        return .unverified(errors.map { "\($0)" }.joined(separator: "; "))
    }

    /// Why a server's certificate was not accepted.
    enum CertificateFailure {
        /// It does not name the host the URL connects to.
        case otherHost
        /// Another check failed (no trusted authority signed it, it expired): the TLS library's words.
        case unverified(String)
    }

    /// Whether `error` means the connection is gone (so a new one may succeed): a closed or
    /// failed socket, a server that would not let a connection be made or did not answer a
    /// statement in time, or a server shutting down (SQLSTATE class 08, 57P01 to 57P03).
    static func isConnectionLoss(_ error: any Error) -> Bool {
        if case .unreachable? = error as? PostgresStoreError { return true }
        if error is IOError || error is ChannelError || error is LeaseWaitExceeded || error is ServerSilent
            || error is CallDeadlineExceeded {
            return true
        }
        guard let error = error as? PSQLError else { return false }
        switch error.code {
        case .serverClosedConnection, .connectionError, .uncleanShutdown, .clientClosedConnection:
            return true
        case .server:
            let state = error.serverInfo?[.sqlState] ?? ""
            return state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state)
        default:
            return false
        }
    }
}
