// swift-tools-version: 6.1
import PackageDescription

// Every benchmark of PhotoFeed, built together in one release build by `bin/bench`, which also
// installs the peers' toolchains (pyyoga's libyogacore.a and headers for CYoga, uharfbuzz for the
// text benchmark's Python side) and passes Yoga's include and library paths. Each executable is
// one benchmark; `BenchmarkReport` gives them one report format and one way of reading options.
// Never part of the test suite.
let benchmarkSettings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "PhotoFeed", path: ".."),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
    ],
    targets: [
        .target(name: "BenchmarkReport", swiftSettings: benchmarkSettings),
        // HTTP load and latency against a server on loopback: wrk runs, a minimal keep-alive client
        // and a /healthz probe beside a load.
        .target(name: "BenchmarkHTTP", swiftSettings: benchmarkSettings),
        // Feed pages laid out once for the benchmarks that read them again warm, and bulk paging.
        .target(name: "BenchmarkFeed", dependencies: [
            .product(name: "FeedModel", package: "PhotoFeed"), .product(name: "FeedStore", package: "PhotoFeed"),
            .product(name: "PhotoFeed", package: "PhotoFeed"),
        ], swiftSettings: benchmarkSettings),
        // Yoga's C API from the pyyoga wheel; bin/bench passes its include and library paths.
        .systemLibrary(name: "CYoga"),
        .executableTarget(name: "LayoutBenchmark", dependencies: [
            "BenchmarkReport", "CYoga",
            .product(name: "LayoutCore", package: "PhotoFeed"), .product(name: "NodeKit", package: "PhotoFeed"),
            .product(name: "PhotoFeed", package: "PhotoFeed"),
        ], swiftSettings: benchmarkSettings),
        .executableTarget(name: "NodesBenchmark", dependencies: [
            "BenchmarkReport",
            .product(name: "LayoutCore", package: "PhotoFeed"), .product(name: "NodeKit", package: "PhotoFeed"),
            .product(name: "TextLayout", package: "PhotoFeed"), .product(name: "PhotoFeed", package: "PhotoFeed"),
            .product(name: "FeedModel", package: "PhotoFeed"),
        ], swiftSettings: benchmarkSettings),
        .executableTarget(name: "TextBenchmark", dependencies: [
            "BenchmarkReport", .product(name: "TextLayout", package: "PhotoFeed"),
            .product(name: "FeedModel", package: "PhotoFeed"),
        ], swiftSettings: benchmarkSettings),
        .executableTarget(name: "SessionBenchmark", dependencies: [
            "BenchmarkReport", .product(name: "PhotoFeed", package: "PhotoFeed"),
            .product(name: "NodeKit", package: "PhotoFeed"), .product(name: "FeedModel", package: "PhotoFeed"),
        ], swiftSettings: benchmarkSettings),
        .executableTarget(name: "PathologicalBenchmark", dependencies: [
            "BenchmarkReport", .product(name: "LayoutDescription", package: "PhotoFeed"),
        ], swiftSettings: benchmarkSettings),
        .executableTarget(name: "FeedBenchmark", dependencies: [
            "BenchmarkReport",
            .product(name: "PhotoFeed", package: "PhotoFeed"), .product(name: "FeedModel", package: "PhotoFeed"),
            .product(name: "FeedStore", package: "PhotoFeed"),
            .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        .executableTarget(name: "StoreBenchmark", dependencies: [
            "BenchmarkReport", "BenchmarkFeed", .product(name: "FeedModel", package: "PhotoFeed"),
            .product(name: "FeedStore", package: "PhotoFeed"),
            .product(name: "PhotoFeed", package: "PhotoFeed"),
        ]),
        .executableTarget(name: "SyncBenchmark", dependencies: [
            "BenchmarkReport", "BenchmarkFeed",
            .product(name: "FeedModel", package: "PhotoFeed"), .product(name: "FeedStore", package: "PhotoFeed"),
            .product(name: "PhotoFeed", package: "PhotoFeed"),
            .product(name: "TextLayout", package: "PhotoFeed"), .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        .executableTarget(name: "PostgresBenchmark", dependencies: [
            "BenchmarkReport", "BenchmarkFeed", "BenchmarkHTTP",
            .product(name: "FeedModel", package: "PhotoFeed"), .product(name: "FeedStore", package: "PhotoFeed"),
            .product(name: "FeedStorePostgres", package: "PhotoFeed"), .product(name: "FeedService", package: "PhotoFeed"),
            .product(name: "PhotoFeed", package: "PhotoFeed"), .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "PostgresNIO", package: "postgres-nio"), .product(name: "Logging", package: "swift-log"),
        ]),
        // The change stream against clients that poll, with the daemon writing in another process.
        .executableTarget(name: "ChangesBenchmark", dependencies: [
            "BenchmarkReport", "BenchmarkHTTP",
            .product(name: "FeedService", package: "PhotoFeed"), .product(name: "FeedModel", package: "PhotoFeed"),
            .product(name: "FeedStore", package: "PhotoFeed"), .product(name: "Logging", package: "swift-log"),
            .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        .executableTarget(name: "ServeBenchmark", dependencies: [
            "BenchmarkReport", "BenchmarkHTTP",
            .product(name: "FeedService", package: "PhotoFeed"), .product(name: "FeedModel", package: "PhotoFeed"),
            .product(name: "FeedStore", package: "PhotoFeed"),
            .product(name: "PhotoFeed", package: "PhotoFeed"), .product(name: "Logging", package: "swift-log"),
        ]),
        .executableTarget(name: "WorkersBenchmark", dependencies: [
            "BenchmarkReport", "BenchmarkFeed",
            .product(name: "FeedModel", package: "PhotoFeed"), .product(name: "FeedStore", package: "PhotoFeed"),
            .product(name: "FeedStorePostgres", package: "PhotoFeed"),
            .product(name: "PhotoFeed", package: "PhotoFeed"),
            .product(name: "PostgresNIO", package: "postgres-nio"),
        ]),
    ]
)
