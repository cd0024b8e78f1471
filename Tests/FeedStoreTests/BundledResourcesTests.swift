import BundledResources
@testable import FeedModel
@_spi(SQLiteAccess) @testable import FeedStore
import Foundation
import StoreTestSupport
import LayoutTestSupport
import Testing

/// The migrations and seed data compiled into the executable are the files of `Migrations/` and
/// `seed-data/`, byte for byte, and the store reads them where a folder would be read.
@Suite(.blockingWork) struct BundledResourcesTests {
    @Test func migrationsAreTheFilesByteForByte() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: StoreFixture.migrationsDirectory.path)
            .filter { $0.hasSuffix(".sql") }.sorted()
        #expect(BundledResources.migrations.map(\.name) == names)
        for file in BundledResources.migrations {
            let bytes = try Data(contentsOf: StoreFixture.migrationsDirectory.appendingPathComponent(file.name))
            #expect(Data(file.text.utf8) == bytes, "\(file.name)")
        }
    }

    @Test func seedDataIsTheFilesByteForByte() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: StoreFixture.seedDataDirectory.path)
            .filter { ["jsonl", "tsv", "json"].contains(($0 as NSString).pathExtension) }.sorted()
        #expect(BundledResources.seedData.map(\.name) == names)
        #expect(Set(names).isSuperset(of: ["users.jsonl", "photos.jsonl", "comments.jsonl", "cities.tsv",
                                           "vocabulary.json"]))
        for file in BundledResources.seedData {
            let bytes = try Data(contentsOf: StoreFixture.seedDataDirectory.appendingPathComponent(file.name))
            #expect(Data(file.text.utf8) == bytes, "\(file.name)")
        }
    }

    @Test func bundledMigrationsHaveTheFilesChecksums() throws {
        // Given the migrations read from the folder and from the executable
        let fromFiles = try MigrationFile.load(from: StoreFixture.migrationsDirectory)
        let bundled = try MigrationFile.load(from: ResourceLocator.bundled("Migrations"))

        // Then they are the same migrations with the same SHA-256, so a database migrated by one opens with the other
        #expect(bundled == fromFiles)
        let path = try StoreFixture.path(for: .file)
        _ = try FeedStore(path: path, migrationsDirectory: StoreFixture.migrationsDirectory)
        let reopened = try FeedStore(path: path, migrationsDirectory: ResourceLocator.bundled("Migrations"))
        #expect(try reopened.appliedMigrations() == fromFiles.map(\.name))
    }

    @Test func bundledSeedDataSeedsTheCuratedSet() throws {
        let fromFiles = try StoreFixture.store(.memory).seedCurated(from: StoreFixture.seedDataDirectory)
        let bundled = try StoreFixture.store(.memory).seedCurated(from: ResourceLocator.bundled("seed-data"))
        #expect(bundled == fromFiles)
        #expect(bundled.photos > 0 && bundled.cities > 0)
    }

    @Test func generatedSeedReadsTheBundledVocabularyAndCities() throws {
        let directory = try SmallSeed.directory()
        try FileManager.default.removeItem(at: directory.appendingPathComponent("cities.tsv"))
        try FileManager.default.copyItem(at: StoreFixture.seedDataDirectory.appendingPathComponent("cities.tsv"),
                                         to: directory.appendingPathComponent("cities.tsv"))
        let fromFiles = try StoreFixture.store(.memory).seedGenerated(count: 30, rngSeed: 5, seedDataDirectory: directory)
        let bundled = try StoreFixture.store(.memory).seedGenerated(
            count: 30, rngSeed: 5, seedDataDirectory: ResourceLocator.bundled("seed-data"))
        #expect(bundled == fromFiles)
    }

    @Test func homeDecidesBetweenFoldersAndTheBundledCopies() {
        #expect(ResourceLocator.home(environment: [:]) == nil)
        #expect(ResourceLocator.home(environment: ["PHOTOFEED_HOME": ""]) == nil)
        #expect(ResourceLocator.home(environment: ["PHOTOFEED_HOME": "/opt/photofeed"])?.path == "/opt/photofeed")
        #expect(ResourceLocator.isBundled(ResourceLocator.bundled("seed-data")))
        #expect(!ResourceLocator.isBundled(StoreFixture.seedDataDirectory))
    }

    @Test func aFileMissingFromTheBundleIsNamed() throws {
        let store = try StoreFixture.store(.memory)
        #expect {
            try store.seedGenerated(count: 1, rngSeed: 1,
                                    seedDataDirectory: ResourceLocator.bundled("no-such-folder"))
        } throws: { error in
            "\(error)".contains("vocabulary.json") && "\(error)".contains("not built into this executable")
        }
    }
}
