public import Foundation

/// The real `kiosk-hub` (the binary beside the running program) on one hub database: SQLite in `dataDirectory`,
/// or the PostgreSQL database at `databaseURL` (given as `KIOSK_HUB_DATABASE_URL`), for the benchmarks and fault
/// scenarios that run hub processes.
public struct HubCommands: Sendable {
    public static let executable = KioskDirectory.sibling("kiosk-hub")

    /// The hub's `--data-dir`.
    public let dataDirectory: String
    /// A PostgreSQL database instead of SQLite in `dataDirectory`.
    public let databaseURL: String?
    /// The hub's `--config` file, if any.
    public let configFile: String?
    /// The wall clock the hub runs on; the machine's when nil.
    public let clock: SimulatedClock?

    public init(dataDirectory: String, databaseURL: String? = nil, configFile: String? = nil, clock: SimulatedClock? = nil) {
        self.dataDirectory = dataDirectory
        self.databaseURL = databaseURL
        self.configFile = configFile
        self.clock = clock
    }

    /// `--data-dir`, and `--config` when there is a file.
    private var locations: [String] { ["--data-dir", dataDirectory] + (configFile.map { ["--config", $0] } ?? []) }

    /// The database for the child; empty means none, so a `KIOSK_HUB_DATABASE_URL` this process has is not inherited.
    private var environment: [String: String] { ["KIOSK_HUB_DATABASE_URL": databaseURL ?? ""] }

    /// `kiosk-hub token create --kiosk ID`: the new token.
    public func createToken(kioskID: String) async throws -> String {
        let output = try await run(["token", "create", "--kiosk", kioskID])
        guard let token = output.split(separator: "\n").last(where: { $0.hasPrefix("kh_") }) else {
            throw LoggedProcessError(waitedFor: "a token from kiosk-hub token create", output: output)
        }
        return String(token)
    }

    /// `kiosk-hub roster import FILE --replace`.
    public func importRoster(_ file: String) async throws {
        _ = try await run(["roster", "import", file, "--replace"])
    }

    /// `kiosk-hub serve` on a free loopback port, once it listens (after waiting for its database, if need be).
    public func serve() async throws -> HubProcess {
        let process = try LoggedProcess(
            Self.executable,
            ["serve", "--port", "0"] + locations,
            environment: environment,
            keepingStandardError: true,
            clock: clock
        )
        return try await HubProcess(process)
    }

    /// Runs a short hub command to its end (at most 60 s) and returns what it printed, standard error included.
    private func run(_ arguments: [String]) async throws -> String {
        let process = try LoggedProcess(
            Self.executable,
            arguments + locations,
            environment: environment,
            keepingStandardError: true,
            clock: clock
        )
        let status = try await process.exitStatus(timeout: 60)
        let said = process.output.joined(separator: "\n")
        guard status == 0 else {
            throw LoggedProcessError(waitedFor: "kiosk-hub \(arguments.joined(separator: " ")) to succeed", output: said)
        }
        return said
    }
}
