// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "blueprint",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "blueprint", targets: ["blueprint"]),
        .library(name: "BlueprintDomain", targets: ["BlueprintDomain"]),
        .library(name: "BlueprintCache", targets: ["BlueprintCache"]),
        .library(name: "BlueprintRepositories", targets: ["BlueprintRepositories"]),
        .library(name: "BlueprintStorage", targets: ["BlueprintStorage"]),
        .library(name: "BlueprintInterchange", targets: ["BlueprintInterchange"]),
        .library(name: "BlueprintPostgres", targets: ["BlueprintPostgres"]),
        .library(name: "BlueprintTUI", targets: ["BlueprintTUI"]),
        .library(name: "BlueprintTerminal", targets: ["BlueprintTerminal"]),
        .library(name: "BlueprintText", targets: ["BlueprintText"]),
        .library(name: "BlueprintStores", targets: ["BlueprintStores"]),
        .library(name: "BlueprintConfiguration", targets: ["BlueprintConfiguration"]),
        .library(name: "BlueprintDemo", targets: ["BlueprintDemo"]),
        .library(name: "BlueprintTestDoubles", targets: ["BlueprintTestDoubles"]),
        .library(name: "BlueprintTestProcesses", targets: ["BlueprintTestProcesses"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", exact: "0.9.20"),
        .package(url: "https://github.com/CoreOffice/XMLCoder", exact: "0.18.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    ],
    targets: [
        .target(
            name: "BlueprintDomain",
            dependencies: [.product(name: "OrderedCollections", package: "swift-collections"),
                           .product(name: "Crypto", package: "swift-crypto")]
        ),
        // The one sanitiser for untrusted text on a terminal, shared by everything that prints.
        .target(name: "BlueprintText"),
        // The terminal toolkit: canvas, keys, styles, text layout, the ncurses session. It knows
        // nothing of weddings.
        .target(name: "BlueprintTerminal", dependencies: ["CNcursesw", "BlueprintText"]),
        // The demo wedding generator: realistic, deterministic weddings of any size.
        .target(name: "BlueprintDemo", dependencies: ["BlueprintDomain"]),
        // Test doubles for the layers above storage: a manual clock, an in-memory host, presence
        // board and offline conflicts.
        .target(name: "BlueprintTestDoubles", dependencies: ["BlueprintDomain", "BlueprintRepositories", "BlueprintStorage"]),
        // Test helpers that run processes: a throwaway PostgreSQL cluster, its certificates, a
        // loopback socket, a child spawned alone.
        .target(name: "BlueprintTestProcesses"),
        // Test fixtures shared by the storage, PostgreSQL and interchange tests: a scratch data
        // directory, fixed records, waiting for a change, a migrated database of its own.
        .target(
            name: "BlueprintStorageFixtures",
            dependencies: ["BlueprintDomain", "BlueprintRepositories", "BlueprintStorage", "BlueprintPostgres", "BlueprintConfiguration",
                           "BlueprintTestProcesses",
                           .product(name: "PostgresNIO", package: "postgres-nio"),
                           .product(name: "Logging", package: "swift-log")]
        ),
        .target(
            name: "BlueprintCache",
            dependencies: [
                "BlueprintDomain",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "DequeModule", package: "swift-collections"),
            ]
        ),
        // The file store: journal and snapshots in a data directory, a `WeddingDataHost`; and the
        // document files every host keeps on this machine.
        .target(
            name: "BlueprintStorage",
            dependencies: [
                "BlueprintDomain",
                "BlueprintCache",
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["FileStore/FORMAT.md"]
        ),
        // The repositories every host shares: cache-first repositories over a `WeddingDataHost`
        // (the file store, PostgreSQL, the tiered host, the in-memory double), the documents'
        // files, and access checks.
        .target(name: "BlueprintRepositories", dependencies: ["BlueprintDomain", "BlueprintCache", "BlueprintStorage"]),
        // The interchange formats: CSV and JSON import and export, .xlsx workbooks, iCalendar,
        // printables and the whole-wedding archive. Only the command line links it.
        .target(
            name: "BlueprintInterchange",
            dependencies: [
                "BlueprintDomain",
                "BlueprintCache",
                "BlueprintRepositories", "BlueprintStorage",
                .product(name: "CSV", package: "CSV.swift"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "XMLCoder", package: "XMLCoder"),
            ]
        ),
        // The PostgreSQL backend: a `WeddingDataHost` on a shared database, its schema and migrations.
        // It uses BlueprintStorage for the tiered host's local copy, never the interchange formats.
        .target(
            name: "BlueprintPostgres",
            dependencies: [
                "BlueprintDomain",
                "BlueprintRepositories",
                "BlueprintStorage",
                "BlueprintConfiguration",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // ncurses with its wide-character API; see Sources/CNcursesw/shim.h.
        .systemLibrary(
            name: "CNcursesw",
            path: "Sources/CNcursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        // The configuration file: reading and checking it, without the terminal.
        .target(name: "BlueprintConfiguration", dependencies: ["BlueprintDomain", "BlueprintText"]),
        .target(
            name: "BlueprintTUI",
            dependencies: ["BlueprintTerminal", "BlueprintText", "BlueprintDomain", "BlueprintCache",
                           "BlueprintStores", "BlueprintConfiguration", "BlueprintDemo"]
        ),
        .target(
            name: "BlueprintStores",
            dependencies: ["BlueprintDomain", "BlueprintCache", .product(name: "Logging", package: "swift-log")]
        ),
        // The guests' RSVP web server: pages, answers and the calendar of the day over an
        // `RSVPDirectory` (the repositories' one, or a test's), with Hummingbird and Mustache
        // templates compiled into the binary.
        .target(
            name: "BlueprintWeb",
            dependencies: [
                "BlueprintDomain",
                "BlueprintCache",
                "BlueprintRepositories",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // Test support: a second process that writes to a wedding, for the file store's
        // crash, locking and change-feed tests.
        .executableTarget(
            name: "blueprint-storage-writer",
            dependencies: ["BlueprintRepositories", "BlueprintStorage", "BlueprintDomain"]
        ),
        .executableTarget(
            name: "blueprint",
            dependencies: [
                "BlueprintDomain",
                "BlueprintCache",
                "BlueprintRepositories", "BlueprintStorage",
                "BlueprintInterchange",
                "BlueprintPostgres",
                "BlueprintStores",
                "BlueprintTUI",
                "BlueprintConfiguration",
                "BlueprintDemo",
                "BlueprintTerminal",
                "BlueprintText",
                "BlueprintWeb",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(name: "BlueprintDomainTests", dependencies: ["BlueprintDomain", "BlueprintText", "BlueprintDemo"]),
        .testTarget(name: "BlueprintDemoTests", dependencies: ["BlueprintDemo", "BlueprintDomain"]),
        .testTarget(
            name: "BlueprintCacheTests",
            dependencies: ["BlueprintCache", "BlueprintDomain", "BlueprintTestDoubles",
                           .product(name: "Logging", package: "swift-log")]
        ),
        // The file store and the repositories, on every host (the database ones too).
        .testTarget(
            name: "BlueprintStorageTests",
            dependencies: ["BlueprintRepositories", "BlueprintStorage", "BlueprintCache", "BlueprintDomain", "BlueprintDemo", "BlueprintTestDoubles",
                           "BlueprintStorageFixtures", "BlueprintPostgres", "blueprint-storage-writer"]
        ),
        .testTarget(
            name: "BlueprintPostgresTests",
            dependencies: ["BlueprintPostgres", "BlueprintRepositories", "BlueprintStorage", "BlueprintCache", "BlueprintDomain", "BlueprintDemo",
                           "BlueprintConfiguration", "BlueprintTestProcesses", "BlueprintStorageFixtures", "BlueprintTestDoubles",
                           .product(name: "PostgresNIO", package: "postgres-nio"),
                           .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(
            name: "BlueprintInterchangeTests",
            dependencies: ["BlueprintInterchange", "BlueprintRepositories", "BlueprintStorage", "BlueprintCache", "BlueprintDomain", "BlueprintDemo",
                           "BlueprintPostgres", "BlueprintStorageFixtures"],
            // Read from the source tree by path, not bundled.
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "BlueprintTUITests",
            dependencies: ["BlueprintTUI", "BlueprintDomain", "BlueprintCache", "BlueprintRepositories", "BlueprintStorage", "BlueprintInterchange",
                           "BlueprintStores", "BlueprintConfiguration", "BlueprintDemo", "BlueprintTestDoubles",
                           "BlueprintTerminal", "BlueprintText", "CNcursesw"],
            // Read from the source tree by path (see Planner/Snapshot.swift), not bundled.
            exclude: ["Snapshots"]
        ),
        .testTarget(
            name: "BlueprintStoresTests",
            dependencies: ["BlueprintStores", "BlueprintRepositories", "BlueprintStorage", "BlueprintInterchange", "BlueprintCache", "BlueprintDomain",
                           "BlueprintDemo", "BlueprintTestDoubles", "blueprint-storage-writer"]
        ),
        .testTarget(name: "BlueprintTerminalTests", dependencies: ["BlueprintTerminal", "BlueprintText", "CNcursesw"]),
        .testTarget(
            name: "BlueprintWebTests",
            dependencies: ["BlueprintWeb", "BlueprintDomain", "BlueprintTestDoubles", "BlueprintCache", "BlueprintRepositories",
                           "BlueprintStorage", "BlueprintStorageFixtures", "BlueprintPostgres",
                           .product(name: "HummingbirdTesting", package: "hummingbird"),
                           .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(name: "BlueprintConfigurationTests", dependencies: ["BlueprintConfiguration", "BlueprintDomain"]),
        .testTarget(name: "EndToEndTests", dependencies: ["blueprint", "BlueprintTestProcesses", "BlueprintPostgres", "BlueprintConfiguration"]),
    ] + benchmarks
)

/// The benchmarks (ordo-one/benchmark), one executable per layer in `Benchmarks/`, built with
/// the rest so the tests' build checks they compile: run them with
/// `swift package --disable-sandbox benchmark [--target StorageBenchmarks]`.
var benchmarks: [Target] {
    let layers: [(name: String, dependencies: [Target.Dependency])] = [
        ("StorageBenchmarks", ["BlueprintDomain", "BlueprintCache", "BlueprintRepositories", "BlueprintStorage", "BlueprintInterchange", "BlueprintDemo"]),
        ("DatabaseBenchmarks", ["BlueprintDomain", "BlueprintConfiguration", "BlueprintPostgres", "BlueprintCache",
                                "BlueprintRepositories", "BlueprintStorage", "BlueprintInterchange", "BlueprintDemo", "BlueprintTestProcesses"]),
        ("CacheBenchmarks", ["BlueprintDomain", "BlueprintCache", "BlueprintRepositories", "BlueprintStorage", "BlueprintDemo"]),
        ("StoresBenchmarks", ["BlueprintDomain", "BlueprintCache", "BlueprintRepositories", "BlueprintStorage", "BlueprintStores", "BlueprintDemo",
                              "BlueprintTestDoubles"]),
        ("TUIBenchmarks", ["BlueprintDomain", "BlueprintCache", "BlueprintRepositories", "BlueprintStorage", "BlueprintStores", "BlueprintTUI",
                           "BlueprintTerminal", "BlueprintDemo", "BlueprintTestDoubles"]),
    ]
    return layers.map { layer in
        .executableTarget(
            name: layer.name,
            dependencies: [.product(name: "Benchmark", package: "benchmark")] + layer.dependencies,
            path: "Benchmarks/\(layer.name)",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    }
}
