import Foundation

/// Finds the project's run-time resources (`Migrations/`, `seed-data/`) from any working
/// directory: `$PHOTOFEED_HOME` when set (the `bin/` scripts set it), else the first ancestor
/// of the running executable that holds `Migrations/` (`.build/release/photofeed` lives two
/// levels below the checkout), else the current directory.
public enum ResourceLocator {
    public static func projectRoot(environment: [String: String] = ProcessInfo.processInfo.environment,
                                   executablePath: String = CommandLine.arguments.first ?? "") -> URL {
        let fileManager = FileManager.default
        if let home = environment["PHOTOFEED_HOME"], !home.isEmpty {
            return URL(fileURLWithPath: home, isDirectory: true)
        }
        var directory = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath().deletingLastPathComponent()
        while directory.path != "/" {
            if fileManager.fileExists(atPath: directory.appendingPathComponent("Migrations").path) {
                return directory
            }
            directory.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: fileManager.currentDirectoryPath, isDirectory: true)
    }

    public static var migrationsDirectory: URL { projectRoot().appendingPathComponent("Migrations", isDirectory: true) }
    public static var seedDataDirectory: URL { projectRoot().appendingPathComponent("seed-data", isDirectory: true) }
}
