// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "blueprint",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
    ],
    targets: [
        .target(
            name: "BlueprintDomain",
            dependencies: [.product(name: "OrderedCollections", package: "swift-collections")]
        ),
        .target(
            name: "BlueprintStorage",
            dependencies: [
                "BlueprintDomain",
                .product(name: "CSV", package: "CSV.swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["FileStore/FORMAT.md"]
        ),
        // Test support: a second process that writes to a wedding, for the file store's
        // crash, locking and change-feed tests.
        .executableTarget(
            name: "blueprint-storage-writer",
            dependencies: ["BlueprintStorage", "BlueprintDomain"]
        ),
        .testTarget(
            name: "BlueprintStorageTests",
            dependencies: ["BlueprintStorage", "BlueprintDomain"]
        ),
    ]
)
