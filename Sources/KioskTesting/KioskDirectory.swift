public import Foundation

/// A kiosk's configuration file and data directory for a test, a benchmark or a fault scenario, with its roster
/// imported by the real `kiosk` binary built beside the running program.
public struct KioskDirectory: Sendable {
    /// The binary named `name` in the same build directory as the running program (`kiosk`, `kiosk-hub`).
    public static func sibling(_ name: String) -> URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent(name)
    }

    /// The `kiosk` binary.
    public static let kiosk = sibling("kiosk")

    public let directory: URL
    /// The data directory (`data_dir`).
    public let data: URL

    /// `directory/kiosk.conf`.
    public var config: String { directory.appendingPathComponent("kiosk.conf").path }
    /// The journal in the data directory.
    public var journalPath: String { data.appendingPathComponent("journal.sqlite").path }

    /// Writes `directory/kiosk.conf` for kiosk `kioskID` (data in `data`, by default `directory/data`) with
    /// `sections` (TOML tables such as `[[readers]]`) after `[kiosk]`, then imports `roster` (CSV text) when given,
    /// on `clock` when given (tests), else on the real clock (benchmarks and fault scenarios).
    public init(at directory: URL, kioskID: String, data: URL? = nil, sections: String, roster: String?, clock: SimulatedClock? = nil) async throws {
        self.directory = directory
        self.data = data ?? directory.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try "[kiosk]\nid = \"\(kioskID)\"\ndata_dir = \"\(self.data.path)\"\n\n\(sections)\n".write(toFile: config, atomically: true, encoding: .utf8)
        guard let roster else { return }
        let file = directory.appendingPathComponent("roster.csv")
        try roster.write(to: file, atomically: true, encoding: .utf8)
        let importer = try LoggedProcess(Self.kiosk, ["roster", "import", file.path, "--config", config], clock: clock)
        guard try await importer.exitStatus(timeout: 30) == 0 else {
            throw LoggedProcessError(waitedFor: "kiosk roster import to succeed", output: importer.output.joined(separator: "\n"))
        }
    }

    /// Appends `section` (TOML) to kiosk.conf.
    public func append(_ section: String) throws {
        let text = try String(contentsOfFile: config, encoding: .utf8)
        try (text + "\n" + section).write(toFile: config, atomically: true, encoding: .utf8)
    }
}
