import ArgumentParser
import FeedAPIModel
import FeedModel
import Foundation

/// `photofeed seed`: the curated set, or `--generate N --rng-seed S` synthetic photos.
struct SeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seed",
        abstract: "Load the curated seed set, or generate N photos deterministically (idempotent).")

    @OptionGroup var store: StoreOptions
    @Option(name: .customLong("seed-data"),
            help: "The seed-data directory (default: $PHOTOFEED_HOME/seed-data when set, else the copy built into photofeed).")
    var seedData: String?
    @Option(parsing: .unconditional, help: "Generate this many synthetic photos instead of loading the curated set.")
    var generate: Int?
    @Option(name: .customLong("rng-seed"), parsing: .unconditional, help: "The seed of the generator.")
    var rngSeed: UInt64 = 1
    @Option(help: "Output format.") var format: OutputFormat = .text

    func validate() throws {
        if let generate { try OptionRange.generate.check(generate) }
    }

    func run() throws {
        let output = CommandOutput.current
        let directory = seedData.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? ResourceLocator.seedDataDirectory
        try CommandFailure.reporting(database: store.databaseName) {
            let feedStore = try store.openAnyStore()
            let progress = ProgressBar.handler(label: "seeding")
            let counts = if let generate {
                try feedStore.seedGenerated(count: generate, rngSeed: rngSeed, seedDataDirectory: directory,
                                            progress: progress)
            } else {
                try feedStore.seedCurated(from: directory, progress: progress)
            }
            switch format {
            case .json:
                try output.json(SeedCountsJSON(counts))
            case .text:
                output.standardOutput("""
                    users      \(counts.users)
                    photos     \(counts.photos)
                    locations  \(counts.locations)
                    comments   \(counts.comments)
                    cities     \(counts.cities)
                    sync jobs  \(counts.syncJobs)
                    """)
            }
        }
    }
}

/// The contract's JSON of a seed run: the rows now in the database, plus cities and sync jobs.
struct SeedCountsJSON: Encodable {
    var users, photos, locations, comments, cities, syncJobs: Int

    init(_ counts: SeedCounts) {
        users = counts.users
        photos = counts.photos
        locations = counts.locations
        comments = counts.comments
        cities = counts.cities
        syncJobs = counts.syncJobs
    }
}
