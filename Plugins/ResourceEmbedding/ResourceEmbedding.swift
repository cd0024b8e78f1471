import Foundation
import PackagePlugin

/// Embeds the package's run-time files into the target it is applied to (`BundledResources`):
/// every `Migrations/*.sql` (SQLite's), every `Migrations/postgresql/*.sql` (PostgreSQL's), and
/// the `.jsonl`, `.tsv` and `.json` files of `seed-data/`.
///
/// Runs ``ResourceEmbedder`` at build time, which writes one Swift file of string literals
/// holding the files' exact bytes. The files stay the source of truth: the build runs the tool
/// again whenever one of them changes, and the planning step lists the folders at every build,
/// so a new migration is picked up too.
@main
struct ResourceEmbedding: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let root = context.package.directoryURL
        let migrations = try files(in: root.appending(path: "Migrations"), extensions: ["sql"])
        let postgresMigrations = try files(in: root.appending(path: "Migrations/postgresql"), extensions: ["sql"])
        let seedData = try files(in: root.appending(path: "seed-data"), extensions: ["jsonl", "tsv", "json"])
        let output = context.pluginWorkDirectoryURL.appending(path: "BundledResources+Files.swift")
        let arguments = [output.path(percentEncoded: false), "--group", "migrationFiles"]
            + migrations.map { $0.path(percentEncoded: false) }
            + ["--group", "postgresMigrationFiles"] + postgresMigrations.map { $0.path(percentEncoded: false) }
            + ["--group", "seedDataFiles"] + seedData.map { $0.path(percentEncoded: false) }
        return [
            .buildCommand(displayName: "Embedding Migrations/ (both stores') and seed-data/ into \(target.name)",
                          executable: try context.tool(named: "ResourceEmbedder").url,
                          arguments: arguments,
                          inputFiles: migrations + postgresMigrations + seedData,
                          outputFiles: [output]),
        ]
    }

    /// The regular files of `directory` with one of `extensions`, sorted by name.
    private func files(in directory: URL, extensions: Set<String>) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: [.isRegularFileKey])
            .filter { extensions.contains($0.pathExtension) }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }
}
