// swift-tools-version: 6.1
import PackageDescription

// The feed benchmark (bin/bench-feed): feed pages through FeedController (cold: computed and
// stored; warm: served from the layout cache) and relayout throughput after content changes.
// Not part of the test suite.
let package = Package(
    name: "bench-feed",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "PhotoFeed", path: "../.."),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    ],
    targets: [
        .executableTarget(name: "bench-feed", dependencies: [
            .product(name: "PhotoFeed", package: "PhotoFeed"), .product(name: "FeedStore", package: "PhotoFeed"),
            .product(name: "GRDB", package: "GRDB.swift"),
        ]),
    ]
)
