import Foundation
import KioskTesting

/// A real `kiosk-hub` on loopback (the binary beside `kiosk-bench`) with a token for each kiosk.
struct BenchHub {
    let process: LoggedProcess
    let url: String
    /// Each kiosk's token, as `kiosk-hub token create` printed it.
    let tokens: [String: String]
    private let directory: URL

    init(in directory: URL, kioskIDs: [String]) async throws {
        self.directory = directory
        let data = directory.appendingPathComponent("hub").path
        var tokens: [String: String] = [:]
        for kioskID in kioskIDs {
            let created = try LoggedProcess(KioskDirectory.sibling("kiosk-hub"), ["token", "create", "--kiosk", kioskID, "--data-dir", data])
            _ = try await created.line(containing: "kh_", timeout: 20)
            guard let token = created.output.last(where: { $0.hasPrefix("kh_") }) else { throw BenchError("kiosk-hub token create printed no token") }
            tokens[kioskID] = token
            try token.write(toFile: Self.tokenFile(directory, kioskID), atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: Self.tokenFile(directory, kioskID))
        }
        self.tokens = tokens
        process = try LoggedProcess(KioskDirectory.sibling("kiosk-hub"), ["serve", "--port", "0", "--data-dir", data], keepingStandardError: true)
        _ = try await process.line(containing: "listening on", timeout: 20)
        guard let line = process.output.first(where: { $0.contains("listening on") }), let port = line.split(separator: ":").last
        else { throw BenchError("kiosk-hub did not say where it listens") }
        url = "http://127.0.0.1:\(port)"
    }

    /// The file holding `kioskID`'s token.
    func tokenFile(for kioskID: String) -> String { Self.tokenFile(directory, kioskID) }

    /// The `[sync]` section of `kioskID`'s kiosk.conf, pointing at this hub.
    func syncSection(for kioskID: String) -> String { "[sync]\nhub_url = \"\(url)\"\ntoken_file = \"\(tokenFile(for: kioskID))\"\n" }

    /// The hub's database file.
    var databasePath: String { directory.appendingPathComponent("hub/hub.sqlite").path }

    private static func tokenFile(_ directory: URL, _ kioskID: String) -> String {
        directory.appendingPathComponent("token-\(kioskID)").path
    }
}
