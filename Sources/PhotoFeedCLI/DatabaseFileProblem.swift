import Foundation

/// What is wrong with a file that the program cannot open or write, found by looking at it:
/// a missing or read-only directory, a read-only file, a directory where a file should be.
///
/// SQLite reports these as "unable to open database file" or "attempt to write a readonly
/// database" without the cause; the error line adds it.
///
/// ```swift
/// DatabaseFileProblem.find("/proc/feed.sqlite")  // "the directory /proc is not writable"
/// ```
enum DatabaseFileProblem {
    /// The cause, or nil when the file and its directory look usable.
    static func find(_ path: String) -> String? {
        let files = FileManager.default
        let directory = (path as NSString).deletingLastPathComponent.isEmpty
            ? "." : (path as NSString).deletingLastPathComponent
        var isDirectory: ObjCBool = false
        guard files.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            return "the directory \(directory) does not exist"
        }
        guard isDirectory.boolValue else { return "\(directory) is not a directory" }
        if files.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { return "it is a directory" }
            if !files.isReadableFile(atPath: path) { return "the file is not readable" }
            if !files.isWritableFile(atPath: path) { return "the file is read-only" }
        }
        if !files.isWritableFile(atPath: directory) {
            return "the directory \(directory) is not writable (the database needs its -wal and -shm files there)"
        }
        return nil
    }
}
