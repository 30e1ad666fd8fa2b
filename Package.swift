// swift-tools-version: 6.2
import PackageDescription

/// The same strict settings on every target; warnings are errors here and ignored where this package is a
/// dependency (a setting, not an unsafe flag, so the package stays usable as one).
let strictSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .treatAllWarnings(as: .error),
]

/// The gate's binary, built for release on Linux: linked by lld with packed relative relocations (RELR) and no
/// dynamic symbol table beyond what it imports, so start-up touches and keeps resident far fewer pages (P7 in
/// BENCHMARKS.md). scripts/build-release.sh adds the static Swift runtime, which every module must be compiled for.
let gateLinkerSettings: [LinkerSetting] = [
    .unsafeFlags(
        ["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic"],
        .when(platforms: [.linux], configuration: .release)
    )
]

let package = Package(
    name: "kiosk",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "kiosk", targets: ["kiosk"]),
        .executable(name: "kiosk-hub", targets: ["kiosk-hub"]),
        .executable(name: "kiosk-bench", targets: ["kiosk-bench"]),
        .executable(name: "kiosk-faults", targets: ["kiosk-faults"]),
        // The parsers of outside input (cards, files, the network, people), for the fuzz targets in Fuzz/.
        .library(name: "KioskParsers", targets: ["KioskCore", "KioskConfig", "KioskWire", "KioskCards", "KioskReaders"]),
        // The web console's form parsing, for the fuzz target of its own (it brings Hummingbird).
        .library(name: "KioskConsoleForms", targets: ["KioskConsoleForms"]),
    ],
    traits: [
        .trait(name: "PCSC", description: "PC/SC readers through libpcsclite (needs libpcsclite-dev)."),
        .trait(name: "LibNFC", description: "Readers through libnfc (needs libnfc-dev)."),
        .default(enabledTraits: ["PCSC", "LibNFC"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/vapor/multipart-kit", from: "4.7.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    ],
    targets: [
        .target(name: "KioskCore", swiftSettings: strictSettings),
        .systemLibrary(name: "CSystemClock"),
        .systemLibrary(name: "CMalloc"),
        .systemLibrary(name: "CProcessExit"),
        .target(
            name: "KioskConfig",
            dependencies: ["KioskCore", .product(name: "TOMLKit", package: "TOMLKit")],
            swiftSettings: strictSettings
        ),
        .target(
            name: "KioskStore",
            dependencies: [
                "KioskCore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "KioskJournal",
            dependencies: ["KioskCore", "KioskStore", "KioskLog", "CSystemClock", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strictSettings
        ),
        .target(name: "KioskReports", dependencies: ["KioskCore"], swiftSettings: strictSettings),
        .target(name: "KioskPrinting", dependencies: ["KioskCore", "KioskReports"], swiftSettings: strictSettings),
        .target(name: "KioskDashboard", dependencies: ["KioskCore"], swiftSettings: strictSettings),
        // The gate's screen page: a small HTTP server on SwiftNIO (which the gate links already) with server-sent events.
        .target(
            name: "KioskScreen",
            dependencies: [
                "KioskCore",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.embedInCode("Page")],
            swiftSettings: strictSettings
        ),
        // Not `pkgConfig: "libpcsclite"`: its `-pthread` makes SwiftPM warn on every build. Its one other flag is below.
        .systemLibrary(name: "CPCSCLite", providers: [.apt(["libpcsclite-dev"])]),
        .systemLibrary(name: "CLinuxInput"),
        .systemLibrary(name: "CLibNFC", pkgConfig: "libnfc", providers: [.apt(["libnfc-dev"])]),
        // Cards that cannot be cloned: NTAG 424 DNA's Type 4 Tag read and SUN-AES verification (NTAG424.md).
        .target(
            name: "KioskCards",
            dependencies: [
                "KioskCore", .product(name: "Crypto", package: "swift-crypto"), .product(name: "CryptoExtras", package: "swift-crypto"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "KioskReaders",
            dependencies: [
                "KioskCore", "KioskCards", "CLinuxInput",
                .target(name: "CPCSCLite", condition: .when(traits: ["PCSC"])),
                .target(name: "CLibNFC", condition: .when(traits: ["LibNFC"])),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings + [.unsafeFlags(["-Xcc", "-I/usr/include/PCSC"], .when(traits: ["PCSC"]))]
        ),
        .target(
            name: "KioskSystemd",
            dependencies: [.product(name: "ServiceLifecycle", package: "swift-service-lifecycle")],
            swiftSettings: strictSettings
        ),
        .target(
            name: "KioskDaemon",
            dependencies: [
                "KioskCore", "KioskJournal", "KioskStore", "KioskReports", "KioskPrinting", "KioskDashboard", "KioskReaders", "KioskSync",
                "KioskSystemd", "KioskCards", "KioskWire", "KioskScreen",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "KioskWire",
            dependencies: ["KioskCore", "KioskLog", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strictSettings
        ),
        // The signed logs of LOG-FORMAT.md: leaf bytes, Merkle trees over stored subtrees, signed checkpoints, proof files.
        .target(name: "KioskLog", dependencies: [.product(name: "Crypto", package: "swift-crypto")], swiftSettings: strictSettings),
        .target(
            name: "KioskCommandLine",
            dependencies: ["KioskCore", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strictSettings
        ),
        // The hub in layers: what its storage stores (one interface), one target per database, then the rules and
        // the HTTP server above them.
        .target(
            name: "KioskHubStorage",
            dependencies: [
                "KioskCore", "KioskLog",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "KioskHubSQLite",
            dependencies: [
                "KioskCore", "KioskHubStorage", "KioskStore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "KioskHubPostgres",
            dependencies: [
                "KioskCore", "KioskHubStorage", "KioskStore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        // The hub's rules over its storage, whatever the database: no server framework, no database driver.
        .target(
            name: "KioskHub",
            dependencies: [
                "KioskCore", "KioskWire", "CProcessExit", "KioskHubStorage", "KioskLog",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            swiftSettings: strictSettings
        ),
        // Which database a hub configuration names, opened and prepared; copies between them.
        .target(
            name: "KioskHubDatabase",
            dependencies: [
                "KioskCore", "KioskHub", "KioskHubStorage", "KioskHubSQLite", "KioskHubPostgres",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        // The hub's HTTP API: routes, middleware, authentication into a typed request context.
        .target(
            name: "KioskHubServer",
            dependencies: [
                "KioskCore", "KioskWire", "KioskReports", "KioskHub", "KioskHubStorage",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdAuth", package: "hummingbird-auth"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            swiftSettings: strictSettings
        ),
        // The console's forms as browsers post them, apart from its pages so the fuzz targets reach them.
        .target(
            name: "KioskConsoleForms",
            dependencies: [
                "KioskCore", .product(name: "Hummingbird", package: "hummingbird"), .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        // The warden's web console: server-rendered pages on the hub's port.
        .target(
            name: "KioskConsole",
            dependencies: [
                "KioskHubStorage",
                "KioskCore", "KioskHub", "KioskHubServer", "KioskReports", "KioskConsoleForms", "KioskWire",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdAuth", package: "hummingbird-auth"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            // Built into the program: a hub installed anywhere serves its pages without files beside it.
            resources: [.embedInCode("Templates"), .embedInCode("Assets")],
            swiftSettings: strictSettings
        ),
        // The gate's signed log over its journal: the stored tree brought up to date, checkpoints, verification, export.
        .target(
            name: "KioskGateLog",
            dependencies: ["KioskCore", "KioskJournal", "KioskWire", "KioskLog"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "KioskSync",
            dependencies: [
                "KioskCore", "KioskJournal", "KioskWire", "KioskGateLog", "KioskLog", "CMalloc",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "kiosk-hub",
            dependencies: [
                "KioskHubStorage", "KioskHubSQLite", "KioskHubPostgres",
                "KioskHub", "KioskHubServer", "KioskHubDatabase", "KioskConsole", "KioskCore", "KioskConfig", "KioskReports", "KioskPrinting",
                "KioskLog", "KioskStore", "KioskWire",
                "KioskSystemd", "KioskCommandLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "kiosk",
            dependencies: [
                // No hub code: `kiosk demo` runs `kiosk-hub` as a process of its own.
                "KioskCore", "KioskCards", "KioskConfig", "KioskJournal", "KioskReports", "KioskPrinting", "KioskReaders", "KioskDaemon", "KioskSync",
                "KioskGateLog", "KioskLog", "KioskWire", "CSystemClock", "CMalloc", "KioskCommandLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings,
            linkerSettings: gateLinkerSettings
        ),
        .executableTarget(
            name: "kiosk-bench",
            dependencies: [
                "KioskHubStorage", "KioskHubPostgres", "KioskGateLog", "KioskLog",
                "KioskCore", "KioskJournal", "KioskReports", "KioskDaemon", "KioskDashboard", "KioskReaders", "KioskSync", "KioskWire", "KioskHub",
                "KioskHubServer", "KioskHubDatabase", "KioskConsole", "KioskStore", "KioskCards",
                "KioskTesting",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "kiosk-faults",
            dependencies: [
                "KioskHubStorage",
                "KioskCore", "KioskJournal", "KioskSync", "KioskHub", "KioskHubServer", "KioskHubDatabase", "KioskTesting",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "KioskCoreTests",
            dependencies: ["KioskCore", "KioskTesting", .product(name: "PropertyBased", package: "swift-property-based")],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "KioskConfigTests", dependencies: ["KioskConfig"], swiftSettings: strictSettings),
        .testTarget(name: "KioskCardsTests", dependencies: ["KioskCards", "KioskCore"], swiftSettings: strictSettings),
        .testTarget(
            name: "KioskJournalTests",
            dependencies: ["KioskJournal", "KioskStore", "KioskLog", "KioskTesting", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "KioskReportsTests", dependencies: ["KioskReports"], swiftSettings: strictSettings),
        .testTarget(name: "KioskPrintingTests", dependencies: ["KioskPrinting", "KioskCore"], swiftSettings: strictSettings),
        .testTarget(name: "KioskDashboardTests", dependencies: ["KioskDashboard"], swiftSettings: strictSettings),
        .testTarget(
            name: "KioskScreenTests",
            dependencies: [
                "KioskScreen", "KioskCore", .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "KioskTesting",
            dependencies: [
                "KioskHubPostgres",
                "KioskCore", "KioskLog", "KioskJournal", "KioskWire", "KioskHub", "KioskHubServer", "KioskHubDatabase",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "KioskDaemonTests",
            dependencies: [
                "KioskDaemon", "KioskDashboard", "KioskTesting", "KioskReaders", "KioskSystemd", "KioskCore", "KioskJournal", "KioskHub",
                "KioskHubServer", "KioskHubDatabase",
                "KioskSync", "KioskPrinting", "KioskStore", "KioskWire",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "KioskCLITests",
            dependencies: [
                "kiosk", "KioskTesting", "KioskCore", "KioskJournal", "KioskLog", "KioskWire", .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "KioskReadersTests",
            dependencies: ["KioskReaders", "KioskDaemon", "KioskJournal", "KioskTesting", "kiosk", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "KioskGateLogTests",
            dependencies: [
                "KioskGateLog", "KioskJournal", "KioskLog", "KioskWire", "KioskCore", "KioskTesting", .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "KioskWireTests", dependencies: ["KioskWire", "KioskCore", "KioskLog"], swiftSettings: strictSettings),
        .testTarget(
            name: "KioskLogTests",
            dependencies: ["KioskLog", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "KioskSyncTests",
            dependencies: [
                "KioskSync", "KioskGateLog", "KioskLog", "KioskHub", "KioskHubServer", "KioskHubDatabase", "KioskJournal", "KioskWire", "KioskCore",
                "KioskReports",
                "KioskTesting",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "KioskHubTests",
            dependencies: [
                "KioskHub", "KioskHubServer", "KioskHubDatabase", "KioskHubStorage", "KioskHubSQLite", "KioskHubPostgres", "KioskConsole",
                "KioskWire", "KioskCore", "KioskTesting", "KioskJournal",
                "KioskReports", "KioskStore",
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
    ]
)
