// swift-tools-version: 6.2
import PackageDescription

/// Coverage-guided fuzz targets (libFuzzer) for every parser of outside input. Built apart from the main package,
/// with the fuzzer's instrumentation and runtime: `bash scripts/fuzz.sh` (README, "Fuzzing").
let fuzzSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    // No Swift `main`: SwiftPM's entry point (`<target>_main`) hands over to libFuzzer's driver.
    .unsafeFlags(["-parse-as-library"]),
]

/// One target per parser; scripts/fuzz.sh runs each.
let parsers = ["FuzzTagUID", "FuzzRosterCSV", "FuzzKioskConf", "FuzzHubBatch", "FuzzKeyboardLines", "FuzzISO8601", "FuzzSunMessage"]
/// The web console's forms, whose decoder comes with Hummingbird.
let consoleParsers = ["FuzzConsoleForms"]

let package = Package(
    name: "kiosk-fuzz",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "kiosk", path: "..", traits: []),
        // ByteBuffer, in which the console's roster upload arrives.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [.target(name: "FuzzDriver", swiftSettings: [.swiftLanguageMode(.v6)])]
        + parsers.map { name in
            .executableTarget(
                name: name,
                dependencies: ["FuzzDriver", .product(name: "KioskParsers", package: "kiosk")],
                swiftSettings: fuzzSettings
            )
        }
        + consoleParsers.map { name in
            .executableTarget(
                name: name,
                dependencies: [
                    "FuzzDriver", .product(name: "KioskParsers", package: "kiosk"), .product(name: "KioskConsoleForms", package: "kiosk"),
                    .product(name: "NIOCore", package: "swift-nio"),
                ],
                swiftSettings: fuzzSettings
            )
        }
)
