import ArgumentParser

extension CommandFailure {
    /// ``reporting(_:)`` for async bodies; a second daemon on the same database is "busy" (75).
    static func reportingAsync<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as ExitCode {
            throw error
        } catch let error as SyncLock.Busy {
            CommandOutput.current.standardError("error: \(error.description)")
            throw ExitCode(75)
        } catch {
            let (status, message) = classify(error)
            CommandOutput.current.standardError("error: \(message)")
            throw ExitCode(status)
        }
    }
}
