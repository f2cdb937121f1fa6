// swift-tools-version: 6.1
// Benchmarks live in their own package so that `swift test` at the top level never builds the
// benchmark framework. `blueprint` is a symbolic link to the repository root, which gives the
// dependency a fixed identity whatever the checkout's folder is called.
//
// Run from this folder: swift package --disable-sandbox benchmark [--target StorageBenchmarks]
import PackageDescription

let package = Package(
    name: "BlueprintBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "blueprint"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "StorageBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "BlueprintDomain", package: "blueprint"),
                .product(name: "BlueprintCache", package: "blueprint"),
                .product(name: "BlueprintStorage", package: "blueprint"),
                .product(name: "BlueprintInterchange", package: "blueprint"),
                .product(name: "BlueprintDemo", package: "blueprint"),
            ],
            path: "Benchmarks/StorageBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "DatabaseBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "BlueprintDomain", package: "blueprint"),
                .product(name: "BlueprintConfiguration", package: "blueprint"),
                .product(name: "BlueprintPostgres", package: "blueprint"),
                .product(name: "BlueprintCache", package: "blueprint"),
                .product(name: "BlueprintStorage", package: "blueprint"),
                .product(name: "BlueprintInterchange", package: "blueprint"),
                .product(name: "BlueprintDemo", package: "blueprint"),
                .product(name: "BlueprintTestProcesses", package: "blueprint"),
            ],
            path: "Benchmarks/DatabaseBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "CacheBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "BlueprintDomain", package: "blueprint"),
                .product(name: "BlueprintCache", package: "blueprint"),
                .product(name: "BlueprintStorage", package: "blueprint"),
                .product(name: "BlueprintDemo", package: "blueprint"),
            ],
            path: "Benchmarks/CacheBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "StoresBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "BlueprintDomain", package: "blueprint"),
                .product(name: "BlueprintCache", package: "blueprint"),
                .product(name: "BlueprintStorage", package: "blueprint"),
                .product(name: "BlueprintStores", package: "blueprint"),
                .product(name: "BlueprintDemo", package: "blueprint"),
                .product(name: "BlueprintTestDoubles", package: "blueprint"),
            ],
            path: "Benchmarks/StoresBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "TUIBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "BlueprintDomain", package: "blueprint"),
                .product(name: "BlueprintCache", package: "blueprint"),
                .product(name: "BlueprintStorage", package: "blueprint"),
                .product(name: "BlueprintStores", package: "blueprint"),
                .product(name: "BlueprintTUI", package: "blueprint"),
                .product(name: "BlueprintTerminal", package: "blueprint"),
                .product(name: "BlueprintDemo", package: "blueprint"),
                .product(name: "BlueprintTestDoubles", package: "blueprint"),
            ],
            path: "Benchmarks/TUIBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
