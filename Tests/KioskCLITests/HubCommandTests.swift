import Foundation
import KioskCore
import KioskTesting
import Testing

@testable import kiosk

/// Runs the built `kiosk-hub` executable on a temporary data directory, removed when the sandbox goes away.
struct HubSandbox {
    static let executable = KioskRun.executable.deletingLastPathComponent().appendingPathComponent("kiosk-hub")
    private let scratch: ScratchDirectory
    /// The hub's data directory, inside the scratch directory (the hub creates it).
    var directory: String { scratch.path + "/data" }

    init() throws {
        scratch = try ScratchDirectory("kiosk-hub-cli")
    }

    /// Writes `text` to `name` in the sandbox (outside the hub's data directory) and returns its path.
    func write(_ name: String, _ text: String) throws -> String {
        let path = scratch.path + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func hub(_ arguments: String...) throws -> KioskRun {
        try hub(arguments)
    }

    func hub(_ arguments: [String]) throws -> KioskRun {
        try KioskRun(arguments + ["--data-dir", directory], executable: Self.executable)
    }

    /// `kiosk-hub` with `arguments` on `clock`.
    func hub(_ arguments: [String], clock: SimulatedClock) throws -> KioskRun {
        try KioskRun(arguments + ["--data-dir", directory], executable: Self.executable, clock: clock)
    }

    /// Starts `kiosk-hub serve` on a free loopback port (on `clock`), with a token made for `kioskID`, once it listens.
    func serve(tokenFor kioskID: String, clock: SimulatedClock = .shared) async throws -> (server: LoggedProcess, port: Int, token: String) {
        let created = try hub("token", "create", "--kiosk", kioskID)
        let token = try #require(created.stdout.split(separator: "\n").last.map(String.init))
        let port = try LoopbackPort.free()
        let server = try LoggedProcess(
            Self.executable,
            ["serve", "--port", "\(port)", "--data-dir", directory],
            keepingStandardError: true,
            clock: clock
        )
        _ = try await server.line(containing: "listening on")
        return (server, port, token)
    }
}

@Suite struct HubCommandTests {
    @Test func tokenCreatePrintsTheTokenAloneOnTheLastLineAndKeepsOnlyItsHash() throws {
        let hub = try HubSandbox()
        let created = try hub.hub("token", "create", "--kiosk", "gate-1")
        #expect(created.status == 0)
        let token = try #require(created.stdout.split(separator: "\n").last.map(String.init))
        #expect(token.hasPrefix("kh_") && token.count > 40)
        let listed = try hub.hub("token", "list")
        #expect(listed.stdout.hasPrefix("gate-1\tdefault\t"))
        #expect(!listed.stdout.contains(token))
        let tokenID = try #require(listed.stdout.split(separator: "\t").dropFirst(2).first.map(String.init))
        #expect(try hub.hub("token", "revoke", tokenID).status == 0)
        #expect(try hub.hub("token", "list").stdout.isEmpty)
        #expect(try hub.hub("token", "revoke", tokenID).status == 65)
    }

    @Test func theHubReportIsTheContractsReportOverAllGates() throws {
        let hub = try HubSandbox()
        let roster = try hub.write("roster.csv", "student_id,name,room,tag_uid\nS001,Asha,101,04A1B2C3\n")
        #expect(try hub.hub("roster", "import", roster).status == 0)
        let report = try hub.hub("report", "--date", "2026-11-21", "--format", "json")
        #expect(report.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
        #expect(object["date"] as? String == "2026-11-21")
        #expect(object["kiosk"] as? String == "hub")
        #expect((object["summary"] as? [String: Any])?["absent"] as? Int == 0)
        #expect(try hub.hub("report", "--date", "21-11-2026").status == 64)
    }

    @Test func serveTellsSystemdItIsReadyAndStopsCleanlyOnSIGTERM() async throws {
        let hub = try HubSandbox()
        let socket = try NotifySocket()
        let server = try LoggedProcess.hub(["serve", "--port", "0", "--data-dir", hub.directory], environment: ["NOTIFY_SOCKET": socket.path])
        _ = try await server.line(containing: "listening")
        let status = try #require(socket.receive())
        #expect(status.hasPrefix("STATUS=listening on port ") && status != "STATUS=listening on port 0")
        #expect(socket.receive() == "READY=1")
        #expect(try await server.terminate() != nil)
        #expect(try await server.exitStatus() == 0)
        #expect(socket.receive() == "STOPPING=1")
    }

    /// A port in use and an address that is not this machine's each get one sentence and their exit status, not
    /// NIO's words.
    @Test func serveExplainsWhyItCannotListen() async throws {
        let hub = try HubSandbox()
        let socket = try NotifySocket()
        let first = try LoggedProcess.hub(["serve", "--port", "0", "--data-dir", hub.directory], environment: ["NOTIFY_SOCKET": socket.path])
        _ = try await first.line(containing: "listening")
        let status = try #require(socket.receive())
        let port = String(status.split(separator: " ").last ?? "")
        let second = try hub.hub("serve", "--port", port)
        #expect(second.status == 69)
        #expect(second.stderr.contains("cannot listen on 127.0.0.1:\(port): the port is in use"))
        let elsewhere = try hub.hub("serve", "--host", "203.0.113.7", "--port", "0")
        #expect(elsewhere.status == 78)
        #expect(elsewhere.stderr.contains("203.0.113.7 is not an address of this machine"))
        #expect(try await first.terminate() != nil)
    }
}
