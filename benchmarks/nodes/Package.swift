// swift-tools-version: 6.1
import PackageDescription

// The nodes benchmark: inserting 1,000 photo-like cells through NodeKit's DataController
// (allocation + layout) and relaying them out, on one core and on all cores.
// Run it with `bin/bench-nodes`. Never part of the test suite.
let package = Package(
    name: "NodesBenchmark",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "PhotoFeed", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "NodesBenchmark",
            dependencies: [
                .product(name: "LayoutCore", package: "PhotoFeed"),
                .product(name: "NodeKit", package: "PhotoFeed"),
                .product(name: "TextLayout", package: "PhotoFeed"),
            ],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
    ]
)
