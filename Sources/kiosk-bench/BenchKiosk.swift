import Foundation

/// A kiosk data directory and configuration in the run's scratch space, and the `kiosk` binary built beside
/// `kiosk-bench`, for figures that measure the real process.
struct BenchKiosk {
    /// The binary named `name` in the same build directory as this one (`kiosk`, `kiosk-hub`).
    static func sibling(_ name: String) -> URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent(name)
    }

    static let executable = sibling("kiosk")

    let directory: URL
    var config: String { directory.appendingPathComponent("kiosk.conf").path }

    /// Writes kiosk.conf (with `readers`, TOML `[[readers]]` tables) and imports a roster of `students` students,
    /// whose cards are `cardUID(n)`.
    init(in directory: URL, readers: String, students: Int, extra: String = "") async throws {
        self.directory = directory
        try """
        [kiosk]
        id = "bench"
        data_dir = "\(directory.appendingPathComponent("data").path)"
        \(extra)
        \(readers)
        """.write(toFile: config, atomically: true, encoding: .utf8)
        let roster = directory.appendingPathComponent("roster.csv")
        let rows = (1...max(1, students)).map { "S\($0),Student \($0),\(100 + $0 % 400),\(Self.cardUID($0))" }
        try (["student_id,name,room,tag_uid"] + rows).joined(separator: "\n").write(to: roster, atomically: true, encoding: .utf8)
        try await run(["roster", "import", roster.path])
    }

    /// The UID of student `n`'s card: 4 bytes, unique per student.
    static func cardUID(_ n: Int) -> String { String(format: "04%06X", n) }

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
