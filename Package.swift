// swift-tools-version: 6.1
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    // Debug builds check every computed layout's invariants (LayoutCore, Layout+Invariants.swift).
    .define("LAYOUT_INTERNAL_CHECKS", .when(configuration: .debug)),
]

let package = Package(
    name: "PhotoFeed",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "LayoutCore", targets: ["LayoutCore"]),
        .library(name: "NodeKit", targets: ["NodeKit"]),
        .library(name: "TextLayout", targets: ["TextLayout"]),
        .library(name: "LayoutDescription", targets: ["LayoutDescription"]),
        .library(name: "PhotoFeed", targets: ["PhotoFeed"]),
        .library(name: "FeedRendering", targets: ["FeedRendering"]),
        .library(name: "FeedModel", targets: ["FeedModel"]),
        .library(name: "FeedStore", targets: ["FeedStore"]),
        .library(name: "FeedStorePostgres", targets: ["FeedStorePostgres"]),
        .library(name: "FeedAPIModel", targets: ["FeedAPIModel"]),
        .library(name: "FeedService", targets: ["FeedService"]),
        .executable(name: "photofeed", targets: ["photofeed"]),
        // `photofeed` with every command plus `serve`: the only product that links Hummingbird and
        // SwiftNIO, so the lean executable's build stays short (bin/photofeed picks the product).
        .executable(name: "photofeed-server", targets: ["photofeed-server"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", exact: "1.6.0"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", exact: "2.13.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio", exact: "2.101.3"),
        // Already Hummingbird's: NIOHTTPTypes, the HTTP parts a channel handler of the service reads.
        .package(url: "https://github.com/apple/swift-nio-extras", exact: "1.35.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", exact: "2.37.6"),
        .package(url: "https://github.com/swift-server/swift-prometheus", exact: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
        .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
    ],
    targets: [
        // C libraries from Debian (libfreetype-dev, libharfbuzz-dev, libunibreak-dev).
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CGLib", pkgConfig: "glib-2.0", providers: [.apt(["libglib2.0-dev"])]),
        .systemLibrary(name: "CUnibreak", pkgConfig: "libunibreak", providers: [.apt(["libunibreak-dev"])]),
        // SQLite's process-wide options (sqlite3_config is variadic: C only); Debian's libsqlite3-dev.
        .target(name: "CSQLiteSetup", linkerSettings: [.linkedLibrary("sqlite3")]),
        // Release/acquire counts in C, because TSan does not instrument Synchronization's atomics.
        .target(name: "CSharedCount"),
        // A cache-line prefetch hint (the text measurement cache).
        .target(name: "CPrefetch"),

        .target(name: "LayoutCore", swiftSettings: strict),
        .target(name: "Locking", swiftSettings: strict),
        .target(name: "TextLayout", dependencies: ["CFreeType", "CGLib", "CHarfBuzz", "CPrefetch", "CUnibreak", "Locking"],
                swiftSettings: strict),
        .target(name: "NodeKit", dependencies: ["CSharedCount", "LayoutCore", "Locking", "TextLayout"],
                swiftSettings: strict),
        .target(name: "LayoutDescription", dependencies: ["LayoutCore", "NodeKit", "TextLayout"],
                swiftSettings: strict),
        // Migrations/*.sql and seed-data/ compiled into the executable as string literals, by a
        // build-tool plugin whose tool reads the files at build time.
        .executableTarget(name: "ResourceEmbedder", swiftSettings: strict),
        .plugin(name: "ResourceEmbedding", capability: .buildTool(), dependencies: ["ResourceEmbedder"]),
        .target(name: "BundledResources", swiftSettings: strict, plugins: ["ResourceEmbedding"]),
        // The records, the store seam's protocols, the geocoding maths, the seed files and
        // generator, the migration files and the store URL schemes: no database, no networking.
        .target(name: "FeedModel", dependencies: ["BundledResources"], swiftSettings: strict),
        // The SQLite store on GRDB: the records' GRDB conformances and every SQLite statement.
        .target(name: "FeedStore", dependencies: [
            "FeedModel", "CSQLiteSetup", "Locking", .product(name: "GRDB", package: "GRDB.swift"),
        ], swiftSettings: strict),
        // The same store seam on PostgreSQL (postgres-nio), a peer of FeedStore over FeedModel
        // (no GRDB); only executables that name a PostgreSQL database link it.
        .target(name: "FeedStorePostgres", dependencies: [
            "FeedModel", "Locking", .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
            .product(name: "Logging", package: "swift-log"),
        ], swiftSettings: strict),
        .target(name: "FeedSync", dependencies: [
            "FeedModel", "Locking", .product(name: "HeapModule", package: "swift-collections"),
            .product(name: "Logging", package: "swift-log"),
        ], swiftSettings: strict),
        .target(name: "PhotoFeed", dependencies: [
            "LayoutCore", "TextLayout", "NodeKit", "LayoutDescription", "FeedModel", "FeedSync", "Locking",
        ], swiftSettings: strict),
        .target(name: "FeedRendering", dependencies: ["PhotoFeed", "LayoutCore", "NodeKit", "TextLayout"],
                swiftSettings: strict),
        // The wire types (feed item, page, layout-cache report, placemark) and the one JSON writer
        // (JSONLine) that the commands and the HTTP service share, and the ranges both check.
        .target(name: "FeedAPIModel", dependencies: ["FeedModel", "PhotoFeed"], swiftSettings: strict),
        .target(name: "PhotoFeedCLI", dependencies: [
            "FeedAPIModel", "PhotoFeed", "FeedRendering", "LayoutDescription", "FeedModel", "FeedStore", "FeedSync",
            "Locking", "TextLayout",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ], swiftSettings: strict),
        .executableTarget(name: "photofeed", dependencies: ["PhotoFeedCLI"], swiftSettings: strict),
        // The HTTP service (docs/openapi.yaml; `photofeed serve` in photofeed-server): Hummingbird's routes
        // over the feed, run by a ServiceGroup; metrics through swift-metrics into a Prometheus registry.
        .target(name: "FeedService", dependencies: [
            "FeedAPIModel", "PhotoFeed", "FeedRendering", "FeedModel", "FeedStore", "FeedSync", "Locking", "TextLayout",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Metrics", package: "swift-metrics"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "Prometheus", package: "swift-prometheus"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ], swiftSettings: strict),
        // Every command plus `serve` (ServeCommand: the CLI's store, font and failure options over FeedService).
        .executableTarget(name: "photofeed-server", dependencies: [
            "FeedModel", "FeedService", "FeedStorePostgres", "PhotoFeedCLI",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ], swiftSettings: strict),

        // Test support, split by what each part links: layout helpers and the seeded generator
        // (LayoutCore only); node fixtures, the host-node harness and the layout contract
        // (NodeKit); the photo cell as a layout document (Foundation only); store fixtures (FeedStore).
        .target(name: "LayoutTestSupport", dependencies: ["LayoutCore", "TextLayout"], path: "Tests/LayoutTestSupport",
                swiftSettings: strict),
        .target(name: "NodeTestSupport", dependencies: ["LayoutCore", "NodeKit", "LayoutTestSupport"],
                path: "Tests/NodeTestSupport", swiftSettings: strict),
        .target(name: "CellDocumentSupport", path: "Tests/CellDocumentSupport", swiftSettings: strict),
        // Debian's headless chromium for the browser tests, and the HTML page's position probe.
        .target(name: "BrowserTestSupport", path: "Tests/BrowserTestSupport", swiftSettings: strict),
        .target(name: "StoreTestSupport", dependencies: [
            "FeedModel", "FeedStore", .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "Logging", package: "swift-log"),
        ], path: "Tests/StoreTestSupport", swiftSettings: strict),
        // An HTTP/1.1 client with a time limit on every request, for servers a test starts as a
        // user does (child processes, the service's whole run): never Foundation's URLSession.
        .target(name: "HTTPTestSupport", dependencies: [
            "LayoutTestSupport", .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
        ], path: "Tests/HTTPTestSupport", swiftSettings: strict),
        // A TCP proxy a test can freeze (a partition, a suspended host) or make reset connections.
        .target(name: "ProxyTestSupport", dependencies: [
            .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
        ], path: "Tests/ProxyTestSupport", swiftSettings: strict),
        .testTarget(name: "LayoutCoreTests", dependencies: [
            "LayoutCore", "NodeKit", "LayoutTestSupport", "NodeTestSupport",
        ], swiftSettings: strict),
        .testTarget(name: "TextLayoutTests", dependencies: ["TextLayout", "CHarfBuzz", "LayoutTestSupport"],
                    swiftSettings: strict),
        .testTarget(name: "NodeKitTests", dependencies: [
            "NodeKit", "LayoutCore", "TextLayout", "LayoutTestSupport", "NodeTestSupport",
        ], swiftSettings: strict),
        .testTarget(name: "LayoutDescriptionTests", dependencies: [
            "LayoutDescription", "LayoutCore", "NodeKit", "TextLayout", "LayoutTestSupport",
        ], swiftSettings: strict),
        .testTarget(name: "FeedModelTests", dependencies: ["FeedModel"], swiftSettings: strict),
        .testTarget(name: "FeedStoreTests", dependencies: [
            "FeedModel", "FeedStore", "BundledResources", "LayoutTestSupport", "StoreTestSupport",
            .product(name: "GRDB", package: "GRDB.swift"),
        ], swiftSettings: strict),
        // The store seam's shared suite, run on SQLite and on PostgreSQL (bin/test starts a
        // throwaway PostgreSQL cluster and names it in PHOTOFEED_TEST_POSTGRES_URL).
        .testTarget(name: "StoreConformanceTests", dependencies: [
            "FeedModel", "FeedStore", "FeedStorePostgres", "FeedSync", "PhotoFeed", "LayoutTestSupport",
            "StoreTestSupport", "ProxyTestSupport",
            .product(name: "PostgresNIO", package: "postgres-nio"), .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "NIOEmbedded", package: "swift-nio"),
        ], swiftSettings: strict),
        // The commands on both stores: the same curated data through SQLite and PostgreSQL prints
        // the same (the cluster from PHOTOFEED_TEST_POSTGRES_URL, as for StoreConformanceTests).
        .testTarget(name: "StoreCommandTests", dependencies: [
            "FeedModel", "PhotoFeedCLI", "FeedStore", "FeedStorePostgres", "LayoutTestSupport",
            .product(name: "GRDB", package: "GRDB.swift"), .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "Logging", package: "swift-log"),
        ], swiftSettings: strict),
        .testTarget(name: "FeedSyncTests", dependencies: [
            "FeedModel", "FeedSync", "FeedStore", "LayoutTestSupport", "StoreTestSupport",
            .product(name: "GRDB", package: "GRDB.swift"), .product(name: "Logging", package: "swift-log"),
        ], swiftSettings: strict),
        .testTarget(name: "PhotoFeedTests", dependencies: [
            "FeedModel", "PhotoFeed", "FeedRendering", "FeedStore", "FeedSync", "LayoutCore", "NodeKit", "TextLayout",
            "LayoutTestSupport", "StoreTestSupport", "CellDocumentSupport", "LayoutDescription",
        ], swiftSettings: strict),
        .testTarget(name: "FeedRenderingTests", dependencies: [
            "FeedRendering", "PhotoFeed", "LayoutCore", "TextLayout", "LayoutTestSupport", "BrowserTestSupport",
        ], swiftSettings: strict),
        .testTarget(name: "PhotoFeedCLITests", dependencies: [
            "FeedModel", "FeedAPIModel", "PhotoFeedCLI", "PhotoFeed", "LayoutDescription", "FeedStore", "FeedSync",
            "LayoutTestSupport", "BrowserTestSupport",
            "StoreTestSupport", "CellDocumentSupport",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "GRDB", package: "GRDB.swift"), .product(name: "Logging", package: "swift-log"),
        ], swiftSettings: strict),
        .testTarget(name: "FeedServiceTests", dependencies: [
            "FeedModel", "FeedService", "PhotoFeed", "FeedStore", "FeedSync", "StoreTestSupport",
            "LayoutTestSupport", "BrowserTestSupport", "HTTPTestSupport", "FeedStorePostgres",
            .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdTesting", package: "hummingbird"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOFoundationCompat", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
        ], swiftSettings: strict),
    ]
)
