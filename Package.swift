// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "PayDesk",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "paydesk", targets: ["paydesk"]),
        .library(name: "OrderModel", targets: ["OrderModel"]),
        .library(name: "OrderStore", targets: ["OrderStore"]),
        .library(name: "OrderIngest", targets: ["OrderIngest"]),
        // For the fuzz targets in Fuzz/.
        .library(name: "StrictJSON", targets: ["StrictJSON"]),
        .library(name: "ApplePayToken", targets: ["ApplePayToken"]),
        .library(name: "ConsoleUI", targets: ["ConsoleUI"]),
        .library(name: "Themes", targets: ["Themes"]),
        .library(name: "TerminalCore", targets: ["TerminalCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", exact: "3.12.3"),
        .package(url: "https://github.com/apple/swift-certificates", exact: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", exact: "1.7.4"),
        // Themes and configuration are TOML, and TOMLKit (toml++ underneath) reports where a file goes wrong.
        .package(url: "https://github.com/LebJe/TOMLKit", exact: "0.6.0"),
        // `paydesk process` runs as a service: swift-log is the logging API the server ecosystem shares, so a
        // processor integration can log through the same Logger, and the backend stays ours (text or JSON lines).
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
    ],
    targets: [
        // The one JSON reader for everything read from outside: RFC 8259 exactly, no dependencies.
        .target(name: "StrictJSON"),
        // Text as a terminal shows it: display width, neutralising, the screen buffer, keys. Imports nothing.
        .target(name: "TerminalCore"),
        // Settings files (themes, config.toml): TOML read one way, and errors that name the file, line and key.
        .target(name: "SettingsFile", dependencies: [.product(name: "TOMLKit", package: "TOMLKit")]),
        // Pure domain: money, orders, the payment state machine, refunds, audit entries. Foundation only.
        .target(name: "OrderModel"),
        // The SQLite store: migrations, records, operations as transactions, queries, the audit chain, the outbox.
        .target(name: "OrderStore", dependencies: [
            "OrderModel",
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "GRDBSQLite", package: "GRDB.swift"),
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        // The JSON Lines contract of `paydesk ingest`: reading, validation, batching, the summary.
        .target(name: "OrderIngest", dependencies: [
            "OrderModel", "OrderStore", "StrictJSON",
            // SHA-256: a line's fingerprint, and the order's applicationData against the token's hash of it.
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        // Apple Pay payment tokens: decryption (EC_v1, RSA_v1) into masked payment data.
        .target(name: "ApplePayToken", dependencies: [
            "OrderModel", "StrictJSON",
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "_CryptoExtras", package: "swift-crypto"),
            .product(name: "X509", package: "swift-certificates"),
            .product(name: "SwiftASN1", package: "swift-asn1"),
        ]),
        // The merchant's keys and sandbox trust roots, from config.toml, checked as ssh checks its files.
        .target(name: "MerchantConfiguration", dependencies: [
            "ApplePayToken", "OrderModel", "SettingsFile",
            .product(name: "TOMLKit", package: "TOMLKit"),
            .product(name: "X509", package: "swift-certificates"),
        ]),
        // What moves payments: the processor protocol and the lifecycle driver.
        .target(name: "PaymentProcessing", dependencies: [
            "OrderModel", "OrderStore",
            .product(name: "Logging", package: "swift-log"),
        ]),
        // PayDesk's test doubles, kept apart as swift-nio keeps NIOEmbedded: the sandbox processor, the sandbox
        // PKI, the demo store. Used by `paydesk demo`, `paydesk process --processor sandbox` and the tests.
        .target(name: "PayDeskSandbox", dependencies: [
            "OrderModel", "OrderStore", "OrderIngest", "ApplePayToken", "PaymentProcessing",
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "_CryptoExtras", package: "swift-crypto"),
            .product(name: "X509", package: "swift-certificates"),
            .product(name: "SwiftASN1", package: "swift-asn1"),
        ]),
        // The console without a terminal: state, messages, update, view into a screen buffer, key map, themes.
        .target(name: "ConsoleUI", dependencies: ["OrderModel", "TerminalCore"]),
        // Theme files: the shipped themes, compiled into the binary so that a copied executable still has them,
        // and an operator's own, read into ConsoleUI's themes.
        .target(name: "Themes", dependencies: ["ConsoleUI", "SettingsFile", "TerminalCore"], path: "Themes",
                resources: ["default", "light", "high-contrast", "colour-blind", "monochrome"].map { .embedInCode("\($0).toml") }),
        // The console on PayDesk's store: ConsoleUI's `ConsoleStore` answered by `PayDeskStore`'s operations.
        .target(name: "ConsoleStoreAdapter", dependencies: ["ConsoleUI", "OrderModel", "OrderStore"]),
        // The ncursesw C API with shims for its macros and globals; the only C in the package.
        .systemLibrary(name: "CNcursesw", path: "Sources/CNcursesw"),
        // The only code that calls ncurses: set-up and restore, keys, colours, drawing changed cells.
        .target(name: "CursesTerminal", dependencies: ["CNcursesw", "TerminalCore"]),
        // The executable: argument parsing and subcommands, nothing else.
        .executableTarget(name: "paydesk", dependencies: [
            "OrderModel", "OrderStore", "OrderIngest", "ApplePayToken", "MerchantConfiguration", "PaymentProcessing", "PayDeskSandbox",
            "ConsoleUI", "CursesTerminal", "ConsoleStoreAdapter", "TerminalCore", "Themes",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
            // Signed audit checkpoints: Ed25519, and its keys in PEM.
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "SwiftASN1", package: "swift-asn1"),
        ]),
        // Benchmarks with figures: `swift run -c release paydesk-benchmarks`.
        .executableTarget(name: "paydesk-benchmarks", dependencies: [
                              "OrderModel", "OrderStore", "OrderIngest", "StrictJSON", "ApplePayToken", "PaymentProcessing",
                              "PayDeskSandbox", "ConsoleUI", "CursesTerminal", "ConsoleStoreAdapter", "TerminalCore", "Themes",
                              .product(name: "Crypto", package: "swift-crypto"),
                              .product(name: "_CryptoExtras", package: "swift-crypto"),
                          ],
                          path: "Benchmarks/paydesk-benchmarks"),
        // What tests share: the seed of their random choices.
        .target(name: "TestSupport", dependencies: [
            "OrderIngest", "OrderModel", "OrderStore", "PayDeskSandbox", .product(name: "Crypto", package: "swift-crypto"),
        ], path: "Tests/TestSupport"),
        .testTarget(name: "StrictJSONTests", dependencies: ["StrictJSON"]),
        .testTarget(name: "TerminalCoreTests", dependencies: ["TerminalCore"]),
        .testTarget(name: "OrderModelTests", dependencies: ["OrderModel"]),
        .testTarget(name: "SettingsFileTests", dependencies: ["SettingsFile", .product(name: "TOMLKit", package: "TOMLKit")]),
        .testTarget(name: "ApplePayTokenTests", dependencies: [
            "ApplePayToken", "OrderModel", "OrderStore", "OrderIngest", "PayDeskSandbox", "TestSupport",
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "X509", package: "swift-certificates"),
            .product(name: "SwiftASN1", package: "swift-asn1"),
        ]),
        .testTarget(name: "OrderStoreTests", dependencies: ["OrderStore", "OrderIngest", "OrderModel", "PayDeskSandbox", "TestSupport"]),
        .testTarget(name: "OrderIngestTests", dependencies: ["OrderIngest", "OrderStore", "OrderModel", "StrictJSON", "TestSupport",
                                                             .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "PaymentProcessingTests", dependencies: [
            "PaymentProcessing", "PayDeskSandbox", "OrderStore", "OrderIngest", "OrderModel",
            .product(name: "Logging", package: "swift-log"), .product(name: "InMemoryLogging", package: "swift-log"),
        ]),
        .testTarget(name: "MerchantConfigurationTests", dependencies: [
            "MerchantConfiguration", "ApplePayToken", "OrderModel", "OrderStore", "OrderIngest", "PayDeskSandbox",
        ]),
        .testTarget(name: "ConsoleUITests", dependencies: ["ConsoleUI", "OrderModel", "TerminalCore"]),
        .testTarget(name: "ThemesTests", dependencies: ["Themes", "ConsoleUI", "TerminalCore"]),
        // The console on a real (demo) store, through the adapter the app uses: sessions, dialogs, rendered screens.
        .testTarget(name: "ConsoleStoreAdapterTests", dependencies: [
            "ConsoleStoreAdapter", "ConsoleUI", "OrderModel", "OrderStore", "OrderIngest", "PayDeskSandbox", "TerminalCore",
            .product(name: "GRDB", package: "GRDB.swift"),
        ], exclude: ["Rendered"]),
        .testTarget(name: "CursesTerminalTests", dependencies: ["CursesTerminal", "ConsoleUI", "TerminalCore", "TestSupport", "Themes"]),
        // The command line's own parts (log formats, the process lock, durations, the console's quick start), tested without a process.
        .testTarget(name: "BenchmarkArgumentsTests", dependencies: ["paydesk-benchmarks", "PayDeskSandbox"]),
        .testTarget(name: "paydeskTests", dependencies: ["paydesk", "OrderModel", "TerminalCore", "TestSupport", .product(name: "Logging", package: "swift-log"),
                                                     .product(name: "Crypto", package: "swift-crypto")]),
        .testTarget(name: "PayDeskEndToEndTests", dependencies: [
            "OrderModel", "OrderStore", "OrderIngest", "PaymentProcessing", "PayDeskSandbox", "TerminalCore", "TestSupport",
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
    ]
)
