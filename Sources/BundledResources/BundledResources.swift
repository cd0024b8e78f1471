/// The run-time files compiled into the executable, so that it runs from any folder without
/// the repository: the migrations of `Migrations/` and `Migrations/postgresql/`, and the curated
/// seed set, the cities and the vocabulary of `seed-data/`.
///
/// The `ResourceEmbedding` build-tool plugin generates ``migrationFiles`` and ``seedDataFiles``
/// from those folders at build time; each file's ``BundledFile/text`` holds its exact bytes, so
/// a migration's checksum (the SHA-256 of the file) is the same whether it is read from the
/// folder or from here.
///
/// ```swift
/// let cities = BundledResources.seedDataFile(named: "cities.tsv")?.text
/// ```
public enum BundledResources {
    /// Every `Migrations/*.sql`, sorted by name.
    public static var migrations: [BundledFile] { migrationFiles }

    /// Every `Migrations/postgresql/*.sql` (the PostgreSQL store's migrations), sorted by name.
    public static var postgresMigrations: [BundledFile] { postgresMigrationFiles }

    /// The `.jsonl`, `.tsv` and `.json` files of `seed-data/`, sorted by name.
    public static var seedData: [BundledFile] { seedDataFiles }

    /// The seed-data file named `name` (`users.jsonl`), or nil.
    public static func seedDataFile(named name: String) -> BundledFile? {
        seedDataFiles.first { $0.name == name }
    }
}

/// One embedded file: its name (the last path component) and its text.
public struct BundledFile: Sendable, Equatable {
    public let name: String
    public let text: String

    public init(name: String, text: String) {
        self.name = name
        self.text = text
    }
}
