// swift-tools-version: 6.1
import PackageDescription

// The text benchmark: PhotoFeed's TextLayout measuring captions, against uharfbuzz shaping the
// same strings (benchmarks/text/uharfbuzz_bench.py). Run it with `bin/bench-text`, which
// pip-installs uharfbuzz. Never part of the test suite.
let package = Package(
    name: "TextBenchmark",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "PhotoFeed", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "TextBenchmark",
            dependencies: [.product(name: "TextLayout", package: "PhotoFeed")],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
    ]
)
