import ArgumentParser
import FeedStore

/// The commands' one error reporter: runs a command's work, and turns an error it throws into
/// the contract's single `error: …` line on standard error (through ``CommandOutput/current``)
/// and its exit status: 64 bad usage, 65 bad input data, 70 internal error, 75 busy or locked
/// database. An ``ExitCode`` passes through as it is: whoever threw it has reported already.
enum CommandFailure {
    static func reporting<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw report(error)
        }
    }

    static func reportingAsync<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch {
            throw report(error)
        }
    }

    /// Writes `error`'s line and returns the status to exit with.
    static func report(_ error: any Error) -> ExitCode {
        if let exit = error as? ExitCode { return exit }
        let (status, message) = classify(error)
        CommandOutput.current.error(message)
        return ExitCode(status)
    }

    static func classify(_ error: any Error) -> (Int32, String) {
        switch error {
        case let error as any InputDataError:
            return (65, error.description)
        case let error as SyncLock.Busy:
            return (75, error.description)
        case let error as SeedError:
            return (65, error.description)
        case let error as FeedCursorError:
            return (64, error.description)
        case let error as MigrationError:
            if case .directoryUnreadable = error { return (70, error.description) }
            return (65, error.description)
        default:
            return classifyDatabaseError(error) ?? (70, "\(error)")
        }
    }

    /// The store's errors: busy or locked (75), not a database or corrupt (65), others (70); nil
    /// for an error that is not the database's.
    static func classifyDatabaseError(_ error: any Error) -> (Int32, String)? {
        switch StoreFailure(error) {
        case .busy(let message)?:
            return (75, "the database is busy or locked beyond the busy timeout: \(message)")
        case .notADatabase(let message)?:
            return (65, "not a usable database: \(message)")
        case .other(let description)?:
            return (70, "database error: \(description)")
        case nil:
            return nil
        }
    }
}
