import Foundation

/// A running `kiosk-hub serve` on loopback (from `HubCommands.serve()`), with its log lines.
public struct HubProcess: Sendable {
    public let process: LoggedProcess
    /// The port it listens on.
    public let port: Int

    /// The hub's base URL.
    public var url: String { "http://127.0.0.1:\(port)" }

    /// Waits (at most 60 s) until `process` says where it listens.
    init(_ process: LoggedProcess) async throws {
        self.process = process
        _ = try await process.line(containing: "listening on", timeout: 60)
        guard let line = process.output.first(where: { $0.contains("listening on") }), let port = line.split(separator: ":").last.flatMap({ Int($0) })
        else { throw LoggedProcessError(waitedFor: "the port kiosk-hub listens on", output: process.output.suffix(5).joined(separator: "\n")) }
        self.port = port
    }

    /// How many requests the hub logged with this method, path and (when given) status.
    public func requests(_ method: String, _ path: String, status: Int? = nil) -> Int {
        process.output.filter { line in
            line.contains("http.method=\(method)") && line.contains("http.path=\(path) ")
                && (status.map { line.contains("http.status=\($0)") } ?? true)
        }
        .count
    }
}
