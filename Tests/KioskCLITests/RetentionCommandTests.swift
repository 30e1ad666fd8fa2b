import Foundation
import KioskTesting
import Testing

@testable import kiosk

/// `keep_days` through the real `kiosk run` and `kiosk-hub serve`, started on a clock 400 days after the taps: both
/// remove what is past keeping at start, and both logs still verify, the removed leaves counted.
@Suite struct RetentionCommandTests {
    @Test func aGateAndItsHubRemoveWhatIsPastKeepingAndTheirLogsStillVerify() async throws {
        let hub = try HubSandbox()
        let roster = "student_id,name,room,tag_uid\nS001,Asha Verma,101,04A1B2C3\nS002,Bilal Khan,102,11223344\n"
        #expect(try hub.hub("roster", "import", try hub.write("roster.csv", roster)).status == 0)
        let (server, port, token) = try await hub.serve(tokenFor: "gate-1")
        let gate = try KioskSandbox(exitReader: false)
        try gate.connect(toHubOnPort: port, token: token)
        let config = try FileHandle(forWritingTo: URL(fileURLWithPath: gate.config))
        config.seekToEndOfFile()
        config.write(Data("\n[journal]\nkeep_days = 365\n".utf8))
        try config.close()
        for (uid, time) in [("04A1B2C3", "08:00"), ("11223344", "08:05"), ("04A1B2C3", "18:00")] {
            #expect(try gate.kiosk("tap", "--uid", uid, "--at", "2026-11-21T\(time):00+05:30").status == 0)
        }
        #expect(try gate.kiosk("sync", "--once").status == 0)
        #expect(try await server.terminate() != nil)

        let later = SimulatedClock(startingAt: Date().addingTimeInterval(Double(SimulatedClock.shared.offset) + 400 * 86_400))
        let hubConfig = try hub.write("hub.conf", "[retention]\nkeep_days = 365\n")
        let again = try LoggedProcess(
            HubSandbox.executable,
            ["serve", "--port", "\(port)", "--data-dir", hub.directory, "--config", hubConfig],
            keepingStandardError: true,
            clock: later
        )
        _ = try await again.line(containing: "retention: 3 events past keeping removed")
        #expect(try await again.terminate() != nil)
        let hubVerify = try hub.hub("log", "verify")
        #expect(hubVerify.status == 0 && hubVerify.stdout.contains("gate-1: log verified: 3 events (3 removed or erased"), "\(hubVerify.stdout)")

        // The gate keeps its latest event (its next seq follows it).
        let running = try LoggedProcess(KioskRun.executable, ["run", "--plain", "--config", gate.config], keepingStandardError: true, clock: later)
        try running.input.fileHandleForWriting.close()
        _ = try await running.line(containing: "retention: 2 events past keeping removed")
        #expect(try await running.terminate() != nil)
        let gateVerify = try gate.kiosk("log", "verify")
        #expect(gateVerify.status == 0 && gateVerify.stdout.contains("log verified: 3 events (2 removed or erased"), "\(gateVerify.stdout)")
        let export = try gate.kiosk("log", "export").stdout.split(separator: "\n")
        #expect(export.count == 3 && export.prefix(2).allSatisfy { $0.hasPrefix("{\"kioskId\":\"gate-1\",\"seq\":") && $0.contains("\"leafHash\":") })
    }
}
