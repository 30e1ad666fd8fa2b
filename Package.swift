// swift-tools-version: 6.1
import PackageDescription

/// The same strict settings on every target.
let strictSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .unsafeFlags(["-warnings-as-errors"]),
]

let package = Package(
    name: "kiosk",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "kiosk", targets: ["kiosk"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        .target(name: "KioskCore", swiftSettings: strictSettings),
        .systemLibrary(name: "CSystemClock"),
        .target(
            name: "KioskConfig",
            dependencies: ["KioskCore", .product(name: "TOMLKit", package: "TOMLKit")],
            swiftSettings: strictSettings
        ),
        .target(
            name: "KioskJournal",
            dependencies: ["KioskCore", "CSystemClock", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strictSettings
        ),
        .target(name: "KioskReports", dependencies: ["KioskCore"], swiftSettings: strictSettings),
        .target(name: "KioskWire", dependencies: ["KioskCore"], swiftSettings: strictSettings),
        .executableTarget(
            name: "kiosk",
            dependencies: [
                "KioskCore", "KioskConfig", "KioskJournal", "KioskReports",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "KioskCoreTests",
            dependencies: ["KioskCore", .product(name: "PropertyBased", package: "swift-property-based")],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "KioskConfigTests", dependencies: ["KioskConfig"], swiftSettings: strictSettings),
        .testTarget(name: "KioskJournalTests", dependencies: ["KioskJournal"], swiftSettings: strictSettings),
        .testTarget(name: "KioskReportsTests", dependencies: ["KioskReports"], swiftSettings: strictSettings),
        .testTarget(name: "KioskCLITests", dependencies: ["kiosk"], swiftSettings: strictSettings),
        .testTarget(name: "KioskWireTests", dependencies: ["KioskWire"], swiftSettings: strictSettings),
    ]
)
