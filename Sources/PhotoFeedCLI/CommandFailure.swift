import ArgumentParser
import FeedModel
import FeedStore
import Foundation
import TextLayout

/// The commands' one error reporter: runs a command's work, and turns an error it throws into
/// the contract's single `error: …` line on standard error (through ``CommandOutput/current``)
/// and its exit status: 64 bad usage, 65 bad input data, 66 a missing or unreadable input file
/// (a font, the database a command needs), 69 a font that cannot be measured with, 70 internal
/// error, 73 an output file that cannot be written (``OutputFileError``), 74 a database file
/// replaced or removed while open, 75 busy or locked database, or one
/// out of reach. An ``ExitCode`` passes through as it
/// is: whoever threw it has reported already.
///
/// A command that opens a database passes its path: every error the store raises then names
/// that file and says what is wrong with it (``DatabaseFileProblem``), in one line.
package enum CommandFailure {
    package static func reporting<T>(database: String? = nil, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw report(error, database: database)
        }
    }

    package static func reportingAsync<T>(database: String? = nil, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch {
            throw report(error, database: database)
        }
    }

    /// Writes `error`'s line and returns the status to exit with.
    package static func report(_ error: any Error, database: String? = nil) -> ExitCode {
        if let exit = error as? ExitCode { return exit }
        let (status, message) = classify(error, database: database)
        CommandOutput.current.error(message)
        return ExitCode(status)
    }

    package static func classify(_ error: any Error, database: String? = nil) -> (Int32, String) {
        switch error {
        case let error as any InputDataError:
            return (65, error.description)
        case let error as any OptionError:
            return (64, error.description)
        case let error as any StoreLocationError:
            return (64, error.description)
        case let error as any MissingInputError:
            return (66, error.description)
        case let error as SyncLock.Busy:
            return (75, error.description)
        case let error as DatabaseFileReplaced:
            return (74, error.description)
        case let error as OutputFileError:
            return (73, error.description)
        case let error as SeedError:
            return (65, error.description)
        case let error as FeedCursorError:
            return (64, error.description)
        case let error as FontManifestError:
            if case .malformed = error { return (65, error.description) }
            return (66, error.description)
        case let error as FontError:
            // A font file that is not there or cannot be opened is missing input (66); one that
            // opens but cannot be measured with leaves the command without its fonts (69).
            switch error {
            case .fileNotFound, .unreadable: return (66, error.description)
            case .notScalable, .noOpenTypeFace: return (69, error.description)
            }
        case let error as MigrationError:
            if case .directoryUnreadable = error { return (70, error.description) }
            // A message that names the database already (another application's) stands alone.
            if case .foreignDatabase = error { return (65, error.description) }
            if let database, !error.description.contains(database) { return (65, "database \(database): \(error)") }
            return (65, error.description)
        case let error as CocoaError:
            return (70, fileError(error, database: database))
        default:
            return classifyDatabaseError(error, database: database) ?? (70, "\(error)")
        }
    }

    /// The store's errors: busy or locked, or a server out of reach (75), not a database or corrupt (65), a
    /// server's database or role that does not exist (66), others (70); nil
    /// for an error that is not the database's. With `database`, the line names the file, and
    /// for a file that cannot be opened or written, why (``DatabaseFileProblem``).
    static func classifyDatabaseError(_ error: any Error, database: String? = nil) -> (Int32, String)? {
        guard let failure = StoreFailure(error) else { return nil }
        let message = failure.message(database: database)
        switch failure {
        case .busy, .unreachable:
            return (75, message)
        case .notADatabase:
            return (65, message)
        case .missing:
            return (66, message)
        case .other:
            // Only a file has a directory to look at; a server URL is not a path.
            let file = database.flatMap { DatabaseKind(location: $0) == .sqlite ? $0 : nil }
            let problem = file.flatMap(DatabaseFileProblem.find).map { " (\($0))" } ?? ""
            return (70, message + problem)
        }
    }

    /// A Foundation file error: the file it names (else the database) and what is wrong.
    static func fileError(_ error: CocoaError, database: String?) -> String {
        let path = error.userInfo[NSFilePathErrorKey] as? String ?? error.userInfo[NSURLErrorKey].map { "\($0)" }
            ?? database
        guard let path else { return "file error \(error.code.rawValue): \(error.localizedDescription)" }
        let problem = DatabaseFileProblem.find(path) ?? error.localizedDescription
        return "cannot use \(path): \(problem)"
    }
}
