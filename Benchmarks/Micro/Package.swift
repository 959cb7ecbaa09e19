// swift-tools-version:6.1
import PackageDescription

// Micro benchmarks of PayDesk's hot paths with package-benchmark (ordo-one/benchmark): time, CPU, mallocs and
// peak memory for each, checked against the thresholds committed in Thresholds/ by `scripts/micro-benchmarks`.
// A package of its own, as Fuzz/ is, so that the main package's build and tests stay untouched; the
// whole-program figures stay in `swift run -c release paydesk-benchmarks`.
let package = Package(
    name: "PayDeskMicroBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "PayDesk", path: "../.."),
        // This machine's package mirror builds it with the malloc interposer (for the malloc counts).
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "PayDeskMicro",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "OrderModel", package: "PayDesk"),
                .product(name: "OrderIngest", package: "PayDesk"),
                .product(name: "ApplePayToken", package: "PayDesk"),
                .product(name: "ConsoleUI", package: "PayDesk"),
                .product(name: "TerminalCore", package: "PayDesk"),
            ],
            path: "Benchmarks/PayDeskMicro",
            resources: [.embedInCode("order-line.json")],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
