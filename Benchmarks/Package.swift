// swift-tools-version: 6.1
// Benchmarks live in their own package so that `swift test` at the top level never builds the
// benchmark framework. `blueprint` is a symbolic link to the repository root, which gives the
// dependency a fixed identity whatever the checkout's folder is called.
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
            name: "DomainBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "BlueprintDomain", package: "blueprint"),
            ],
            path: "Benchmarks/DomainBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
