// swift-tools-version:6.1
import PackageDescription

// Fuzz targets for what PayDesk reads from outside, built with libFuzzer by `scripts/fuzz`, apart from the main
// package so that its build stays untouched. The targets reach internal entry points through `@testable
// import`, so the script builds with testing enabled.
let package = Package(
    name: "PayDeskFuzz",
    dependencies: [.package(name: "PayDesk", path: "..")],
    targets: [
        // One ingest input: split into lines, each parsed and validated as ingest does, without a store.
        .executableTarget(name: "fuzz-ingest-line", dependencies: [
            .product(name: "OrderIngest", package: "PayDesk"), .product(name: "OrderStore", package: "PayDesk"),
            .product(name: "OrderModel", package: "PayDesk"),
            .product(name: "StrictJSON", package: "PayDesk"),
        ]),
        // A token file, decrypted payment data, or a CMS signature with its certificates.
        .executableTarget(name: "fuzz-token", dependencies: [
            .product(name: "ApplePayToken", package: "PayDesk"), .product(name: "OrderModel", package: "PayDesk"),
        ]),
        // A theme file.
        .executableTarget(name: "fuzz-theme", dependencies: [
            .product(name: "ConsoleUI", package: "PayDesk"), .product(name: "Themes", package: "PayDesk"),
            .product(name: "TerminalCore", package: "PayDesk"),
        ]),
    ]
)
