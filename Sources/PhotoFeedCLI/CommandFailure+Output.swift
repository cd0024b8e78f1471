import ArgumentParser
import FeedStore

/// A photo id that the database does not hold (exit 65, bad input data).
struct UnknownPhotoError: Error, CustomStringConvertible {
    var photoID: Int64
    var description: String { "no photo with id \(photoID) in the database" }
}

extension CommandFailure {
    /// Like ``run(_:)``, but writes the `error: …` line through ``CommandOutput/current`` (so
    /// in-process tests capture it), and knows the feed commands' own errors.
    static func reporting<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ExitCode {
            throw error
        } catch let error as UnknownPhotoError {
            CommandOutput.current.standardError("error: \(error.description)")
            throw ExitCode(65)
        } catch {
            let (status, message) = classify(error)
            CommandOutput.current.standardError("error: \(message)")
            throw ExitCode(status)
        }
    }
}
