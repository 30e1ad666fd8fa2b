import Foundation
import KioskTesting

/// Real `kiosk-hub serve` processes on loopback (the binary beside `kiosk-bench`) on one database, SQLite in the
/// directory or PostgreSQL at a URL, with a token for each kiosk.
struct BenchHub {
    /// The hub processes, the first one alone unless more were asked for.
    let hubs: [HubProcess]
    /// Each kiosk's token, as `kiosk-hub token create` printed it.
    let tokens: [String: String]
    private let directory: URL

    /// `processes` hubs on SQLite in `directory`, or on the PostgreSQL database at `databaseURL`, holding the roster
    /// in the CSV text `roster` when given.
    init(in directory: URL, kioskIDs: [String], databaseURL: String? = nil, processes: Int = 1, roster: String? = nil) async throws {
        self.directory = directory
        let commands = HubCommands(dataDirectory: directory.appendingPathComponent("hub").path, databaseURL: databaseURL)
        if let roster {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let file = directory.appendingPathComponent("hub-roster.csv")
            try roster.write(to: file, atomically: true, encoding: .utf8)
            try await commands.importRoster(file.path)
        }
        var tokens: [String: String] = [:]
        for kioskID in kioskIDs {
            let token = try await commands.createToken(kioskID: kioskID)
            tokens[kioskID] = token
            try token.write(toFile: Self.tokenFile(directory, kioskID), atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: Self.tokenFile(directory, kioskID))
        }
        self.tokens = tokens
        var hubs: [HubProcess] = []
        for _ in 0..<max(1, processes) { hubs.append(try await commands.serve()) }
        self.hubs = hubs
    }

    /// The first hub process.
    var process: LoggedProcess { hubs[0].process }

    /// The first hub's URL.
    var url: String { hubs[0].url }

    /// Stops every hub process.
    func terminate() async throws {
        for hub in hubs { try await hub.process.terminate() }
    }

    /// The file holding `kioskID`'s token.
    func tokenFile(for kioskID: String) -> String { Self.tokenFile(directory, kioskID) }

    /// The `[sync]` section of `kioskID`'s kiosk.conf, pointing at the first hub.
    func syncSection(for kioskID: String) -> String { "[sync]\nhub_url = \"\(url)\"\ntoken_file = \"\(tokenFile(for: kioskID))\"\n" }

    /// The hub's database file (SQLite).
    var databasePath: String { directory.appendingPathComponent("hub/hub.sqlite").path }

    private static func tokenFile(_ directory: URL, _ kioskID: String) -> String {
        directory.appendingPathComponent("token-\(kioskID)").path
    }
}
