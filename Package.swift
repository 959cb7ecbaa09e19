// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "PayDesk",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "paydesk", targets: ["paydesk"]),
        .library(name: "OrderModel", targets: ["OrderModel"]),
        .library(name: "OrderStore", targets: ["OrderStore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", exact: "3.12.3"),
        .package(url: "https://github.com/apple/swift-certificates", exact: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", exact: "1.7.4"),
    ],
    targets: [
        // Pure domain: money, orders, the payment state machine. No I/O.
        .target(name: "OrderModel", dependencies: [
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        // The SQLite store: migrations, operations as transactions, ingest, outbox.
        .target(name: "OrderStore", dependencies: [
            "OrderModel",
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "GRDBSQLite", package: "GRDB.swift"),
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        // Apple Pay payment tokens: decryption (EC_v1, RSA_v1) into masked payment data.
        .target(name: "ApplePayToken", dependencies: [
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "_CryptoExtras", package: "swift-crypto"),
            .product(name: "X509", package: "swift-certificates"),
            .product(name: "SwiftASN1", package: "swift-asn1"),
        ]),
        // The executable: argument parsing and subcommands, nothing else.
        .executableTarget(name: "paydesk", dependencies: [
            "OrderModel", "OrderStore", "ApplePayToken",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // Benchmarks with figures: `swift run -c release paydesk-benchmarks`.
        .executableTarget(name: "paydesk-benchmarks", dependencies: [
                              "OrderModel", "OrderStore", "ApplePayToken",
                              .product(name: "Crypto", package: "swift-crypto"),
                              .product(name: "_CryptoExtras", package: "swift-crypto"),
                          ],
                          path: "Benchmarks/paydesk-benchmarks"),
        .testTarget(name: "OrderModelTests", dependencies: ["OrderModel"]),
        .testTarget(name: "ApplePayTokenTests", dependencies: [
            "ApplePayToken",
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "X509", package: "swift-certificates"),
            .product(name: "SwiftASN1", package: "swift-asn1"),
        ]),
        .testTarget(name: "OrderStoreTests", dependencies: ["OrderStore", "OrderModel"]),
        .testTarget(name: "PayDeskEndToEndTests", dependencies: ["OrderModel"]),
    ]
)
