import Foundation
import KioskTesting

/// A real `kiosk-hub` on loopback (the binary beside `kiosk-bench`) with a token for one kiosk.
struct BenchHub {
    let process: LoggedProcess
    let url: String
    let tokenFile: String

    init(in directory: URL, kioskID: String) async throws {
        let data = directory.appendingPathComponent("hub").path
        let tokenProcess = try LoggedProcess(BenchKiosk.sibling("kiosk-hub"), ["token", "create", "--kiosk", kioskID, "--data-dir", data])
        _ = try await tokenProcess.line(containing: "kh_", timeout: 20)
        guard let token = tokenProcess.output.last(where: { $0.hasPrefix("kh_") }) else {
            throw BenchError("kiosk-hub token create printed no token")
        }
        tokenFile = directory.appendingPathComponent("token").path
        try token.write(toFile: tokenFile, atomically: true, encoding: .utf8)
        process = try LoggedProcess(BenchKiosk.sibling("kiosk-hub"), ["serve", "--port", "0", "--data-dir", data], keepingStandardError: true)
        _ = try await process.line(containing: "listening on", timeout: 20)
        guard let line = process.output.first(where: { $0.contains("listening on") }), let port = line.split(separator: ":").last
        else { throw BenchError("kiosk-hub did not say where it listens") }
        url = "http://127.0.0.1:\(port)"
    }

    /// The `[sync]` section of a kiosk.conf pointing at this hub.
    var syncSection: String { "[sync]\nhub_url = \"\(url)\"\ntoken_file = \"\(tokenFile)\"\n" }
}
