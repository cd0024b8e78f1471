import ArgumentParser
import FeedStore
import Foundation

/// `photofeed seed`: the curated set, or `--generate N --rng-seed S` synthetic photos.
struct SeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seed",
        abstract: "Load the curated seed set, or generate N photos deterministically (idempotent).")

    @OptionGroup var store: StoreOptions
    @Option(name: .customLong("seed-data"), help: "The seed-data directory (default: the project's seed-data/).")
    var seedData: String?
    @Option(help: "Generate this many synthetic photos instead of loading the curated set.") var generate: Int?
    @Option(name: .customLong("rng-seed"), help: "The seed of the generator (default 1).") var rngSeed: UInt64 = 1
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text

    func validate() throws {
        if let generate, generate < 1 { throw ValidationError("--generate must be at least 1") }
    }

    func run() throws {
        let directory = seedData.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? ResourceLocator.seedDataDirectory
        let counts = try CommandFailure.run {
            let feedStore = try store.openStore()
            if let generate {
                return try feedStore.seedGenerated(count: generate, rngSeed: rngSeed, seedDataDirectory: directory,
                                                   progress: ProgressBar.handler(label: "seeding"))
            }
            return try feedStore.seedCurated(from: directory, progress: ProgressBar.handler(label: "seeding"))
        }
        switch format {
        case .json:
            try JSONOutput.print(Self.json(counts))
        case .text:
            print("""
                users      \(counts.users)
                photos     \(counts.photos)
                locations  \(counts.locations)
                comments   \(counts.comments)
                cities     \(counts.cities)
                sync jobs  \(counts.syncJobs)
                """)
        }
    }

    /// The contract's counts (rows now in the database), plus cities and sync jobs.
    static func json(_ counts: SeedCounts) -> [String: Any] {
        [
            "users": counts.users, "photos": counts.photos, "locations": counts.locations,
            "comments": counts.comments, "cities": counts.cities, "syncJobs": counts.syncJobs,
        ]
    }
}
