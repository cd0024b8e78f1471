// swift-tools-version: 6.1
import PackageDescription

// The sync benchmark (bin/bench-sync): completions applied per second on the virtual clock,
// relayout and layout-cache update included. Not part of the test suite.
let package = Package(
    name: "bench-sync",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "PhotoFeed", path: "../..")],
    targets: [
        .executableTarget(name: "bench-sync", dependencies: [
            .product(name: "FeedStore", package: "PhotoFeed"),
            .product(name: "PhotoFeed", package: "PhotoFeed"),
            .product(name: "TextLayout", package: "PhotoFeed"),
        ]),
    ]
)
