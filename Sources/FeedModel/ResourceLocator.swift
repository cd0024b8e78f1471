import BundledResources
import Foundation

/// Where the run-time resources (`Migrations/`, `seed-data/`) come from: the folders under
/// `$PHOTOFEED_HOME` when it is set (to try edited files without a rebuild; the tests set it to
/// the checkout), else the copies compiled into the executable (``BundledResources``), so a
/// binary copied anywhere runs without the repository.
///
/// A compiled-in folder is named by a URL of the `photofeed-bundled` scheme
/// (`photofeed-bundled:seed-data`): ``MigrationFile/load(from:)`` and the seed readers take it
/// like a folder and read its files from memory.
public enum ResourceLocator {
    /// The scheme of the URLs that name compiled-in folders.
    public static let bundledScheme = "photofeed-bundled"

    /// `$PHOTOFEED_HOME`, or nil when it is unset or empty.
    public static func home(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        guard let home = environment["PHOTOFEED_HOME"], !home.isEmpty else { return nil }
        return URL(fileURLWithPath: home, isDirectory: true)
    }

    /// `$PHOTOFEED_HOME/Migrations`, else the compiled-in migrations.
    public static var migrationsDirectory: URL { directory("Migrations") }

    /// `$PHOTOFEED_HOME/seed-data`, else the compiled-in seed data.
    /// The PostgreSQL store's migrations: `Migrations/postgresql/` of `PHOTOFEED_HOME`, else the
    /// copy compiled in.
    public static var postgresMigrationsDirectory: URL { directory("Migrations/postgresql") }

    public static var seedDataDirectory: URL { directory("seed-data") }

    /// The compiled-in copy of the project folder `name` (`Migrations`, `seed-data`).
    public static func bundled(_ name: String) -> URL {
        URL(string: "\(bundledScheme):\(name)")!
    }

    /// Whether `url` names a compiled-in folder or file.
    public static func isBundled(_ url: URL) -> Bool {
        url.scheme == bundledScheme
    }

    /// The compiled-in migrations, when `url` names their folder (`photofeed-bundled:Migrations`).
    static func bundledMigrations(_ url: URL) -> [BundledFile]? {
        guard isBundled(url) else { return nil }
        switch url.path {
        case "Migrations": return BundledResources.migrations
        case "Migrations/postgresql": return BundledResources.postgresMigrations
        default: return nil
        }
    }

    /// The compiled-in seed-data file that `url` names (`photofeed-bundled:seed-data/users.jsonl`).
    static func bundledSeedDataFile(_ url: URL) -> BundledFile? {
        let folder = url.deletingLastPathComponent().path
        guard isBundled(url), folder == "seed-data" || folder == "seed-data/" else { return nil }
        return BundledResources.seedDataFile(named: url.lastPathComponent)
    }

    private static func directory(_ name: String) -> URL {
        home()?.appendingPathComponent(name, isDirectory: true) ?? bundled(name)
    }
}
