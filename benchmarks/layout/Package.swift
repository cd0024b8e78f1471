// swift-tools-version: 6.1
import PackageDescription

// The layout benchmark: PhotoFeed's LayoutCore/NodeKit against Yoga, both in one process.
// Run it with `bin/bench-layout` (it installs pyyoga, which ships libyogacore.a and Yoga's C
// headers, and passes their paths with -Xcc -I… / -Xlinker -L…). Never part of the test suite.
let package = Package(
    name: "LayoutBenchmark",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "PhotoFeed", path: "../.."),
    ],
    targets: [
        // Yoga's C API from the pyyoga wheel; include and library paths come from bin/bench-layout.
        .systemLibrary(name: "CYoga"),
        .executableTarget(
            name: "LayoutBenchmark",
            dependencies: [
                "CYoga",
                .product(name: "LayoutCore", package: "PhotoFeed"),
                .product(name: "NodeKit", package: "PhotoFeed"),
            ],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
    ]
)
