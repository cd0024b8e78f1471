// swift-tools-version: 6.1
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .define("LAYOUT_INTERNAL_CHECKS", .when(configuration: .debug)),
    // The compiler's classic lowering of value operations. With type-layout-based lowering (its
    // default) copies and destroys of multi-field values, such as a node's cached layout record
    // or a spec's layout tree, call the type's value witnesses through its metadata; lowered
    // field by field they are direct. A text-cell insert (benchmarks/nodes under callgrind) runs
    // 1.6% fewer instructions: 69.37k -> 68.26k. Unsafe flags are acceptable here: this package
    // is an application, and only its own benchmarks depend on it, by local path.
    .unsafeFlags(["-Xfrontend", "-disable-type-layout"]),
]

let package = Package(
    name: "PhotoFeed",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "LayoutCore", targets: ["LayoutCore"]),
        .library(name: "NodeKit", targets: ["NodeKit"]),
        .library(name: "TextLayout", targets: ["TextLayout"]),
        .library(name: "PhotoFeed", targets: ["PhotoFeed"]),
        .library(name: "FeedStore", targets: ["FeedStore"]),
        .executable(name: "photofeed", targets: ["photofeed"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", exact: "1.6.0"),
    ],
    targets: [
        // C libraries from Debian (libfreetype-dev, libharfbuzz-dev, libunibreak-dev).
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CUnibreak", pkgConfig: "libunibreak", providers: [.apt(["libunibreak-dev"])]),
        // SQLite's process-wide options (sqlite3_config is variadic: C only); Debian's libsqlite3-dev.
        .target(name: "CSQLiteSetup", linkerSettings: [.linkedLibrary("sqlite3")]),
        // A C thread-local slot for NodeKit (Swift has no thread-local variables).
        .target(name: "CThreadSlot"),
        // Shared counts with release/acquire ordering that the thread sanitizer sees (ParallelWork).
        .target(name: "CSharedCount"),

        .target(name: "LayoutCore", swiftSettings: strict),
        .target(name: "Locking", swiftSettings: strict),
        .target(name: "TextLayout", dependencies: ["CFreeType", "CHarfBuzz", "CUnibreak", "Locking"],
                swiftSettings: strict),
        .target(name: "NodeKit", dependencies: ["CSharedCount", "CThreadSlot", "LayoutCore", "TextLayout"],
                swiftSettings: strict),
        .target(name: "FeedStore", dependencies: ["CSQLiteSetup", .product(name: "GRDB", package: "GRDB.swift")],
                swiftSettings: strict),
        .target(name: "FeedSync", dependencies: [
            "FeedStore", .product(name: "HeapModule", package: "swift-collections"),
        ], swiftSettings: strict),
        .target(name: "PhotoFeed", dependencies: ["LayoutCore", "TextLayout", "NodeKit", "FeedStore", "FeedSync", "Locking"],
                swiftSettings: strict),
        .target(name: "PhotoFeedCLI", dependencies: [
            "PhotoFeed", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], swiftSettings: strict),
        .executableTarget(name: "photofeed", dependencies: ["PhotoFeedCLI"], swiftSettings: strict),

        .target(name: "TestSupport", dependencies: ["LayoutCore", "NodeKit", "FeedStore"], path: "Tests/TestSupport",
                swiftSettings: strict),
        .testTarget(name: "LayoutCoreTests", dependencies: ["LayoutCore", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "NodeKitTests", dependencies: ["NodeKit", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "FeedSyncTests", dependencies: [
            "FeedSync", "FeedStore", "TestSupport", .product(name: "GRDB", package: "GRDB.swift"),
        ], swiftSettings: strict),
        .testTarget(name: "TextLayoutTests", dependencies: ["TextLayout", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "PhotoFeedCLITests", dependencies: [
            "PhotoFeedCLI", "PhotoFeed", "TestSupport",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "GRDB", package: "GRDB.swift"),
        ], swiftSettings: strict),
        .testTarget(name: "PhotoFeedTests", dependencies: ["PhotoFeed", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "FeedStoreTests", dependencies: ["FeedStore", "TestSupport"], swiftSettings: strict),
    ]
)
