// swift-tools-version: 6.1
import PackageDescription

// The store benchmark (bin/bench-store): seeding 1M photos vs sqlite3's .import, feed pages
// with cached layouts. Not part of the test suite.
let package = Package(
    name: "bench-store",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "PhotoFeed", path: "../..")],
    targets: [
        .executableTarget(name: "bench-store", dependencies: [.product(name: "FeedStore", package: "PhotoFeed")]),
    ]
)
