import Foundation
import KioskTesting

/// A kiosk data directory and configuration in the run's scratch space, and the `kiosk` binary built beside
/// `kiosk-bench`, for figures that measure the real process.
struct BenchKiosk {
    /// The binary named `name` in the same build directory as this one (`kiosk`, `kiosk-hub`).
    static func sibling(_ name: String) -> URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent(name)
    }

    static let executable = sibling("kiosk")
    /// The kiosk id of every bench journal.
    static let kioskID = "bench"

    let directory: URL
    var config: String { directory.appendingPathComponent("kiosk.conf").path }

    /// Writes kiosk.conf (with `readers`, TOML `[[readers]]` tables) and imports `NumberedRoster`'s first
    /// `students` students.
    init(in directory: URL, readers: String, students: Int, extra: String = "") async throws {
        self.directory = directory
        try """
        [kiosk]
        id = "\(Self.kioskID)"
        data_dir = "\(directory.appendingPathComponent("data").path)"
        \(extra)
        \(readers)
        """.write(toFile: config, atomically: true, encoding: .utf8)
        let roster = directory.appendingPathComponent("roster.csv")
        try NumberedRoster.csv(students: students).write(to: roster, atomically: true, encoding: .utf8)
        try await run(["roster", "import", roster.path])
    }

    /// Runs one `kiosk` command on this kiosk to its end; throws when it fails.
    func run(_ arguments: [String]) async throws {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments + ["--config", config]
        process.standardOutput = FileHandle.nullDevice
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        guard status == 0 else { throw BenchError("kiosk \(arguments.joined(separator: " ")) exited with \(status)") }
    }
}

/// A figure could not be measured.
struct BenchError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
