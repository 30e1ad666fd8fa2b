import Foundation
import KioskCore
import KioskTesting
import Testing

@testable import kiosk

/// CONTRACT.md "Cards that cannot be cloned": one student's card accepted at two gates of a property within
/// `[alerts] travel_seconds` is `card_shared`, decided by the real `kiosk-hub serve` from what two real gates pushed,
/// and delivered to a webhook on loopback.
@Suite struct CardSharedTests {
    @Test func oneCardAcceptedAtTwoGatesWithinTheTravelTimeIsDelivered() async throws {
        let hub = try HubSandbox()
        let secret = try hub.write("hook-secret", "s3cret\n")
        let receiver = AlertReceiver(secret: "s3cret", failures: 0)
        try await withRunning(receiver.application) { hookPort in
            let config = try hub.write(
                "hub.conf",
                """
                [hub]
                data_dir = "\(hub.directory)"

                [alerts]
                travel_seconds = 30
                \(AlertReceiver.channel(port: hookPort, secretFile: secret, events: ["card_shared"]))
                """
            )
            #expect(try hub.hub("roster", "import", try hub.write("roster.csv", HubBackupTests.roster)).status == 0)
            let port = try LoopbackPort.free()
            let server = try LoggedProcess.hub(["serve", "--port", "\(port)", "--config", config, "--data-dir", hub.directory])
            _ = try await server.line(containing: "listening on")
            let gates = try ["gate-1", "gate-2"].map { try hub.gate($0, port: port) }
            let now = SimulatedClock.shared.wallClock.now()
            for (offset, gate) in gates.enumerated() {
                let at = ISO8601DateFormatter().string(from: now.addingTimeInterval(Double(offset * 10) - 60))
                #expect(try gate.kiosk("tap", "--uid", "04A1B2C3", "--at", at).stdout.contains("Asha Verma"))
                #expect(try gate.kiosk("sync", "--once").status == 0)
            }
            _ = try await server.line(containing: "alert delivered", timeout: 60)
            let listed = try hub.hub("alerts", "list", "--format", "json")
            let alerts = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
            let shared = try #require(alerts.first { $0["event"] as? String == "card_shared" })
            #expect(shared["uid"] as? String == "04A1B2C3" && shared["kiosk"] as? String == "gate-2")
            #expect((shared["students"] as? [[String: Any]])?.first?["name"] as? String == "Asha Verma")
            #expect(shared["reason"] as? String == "accepted at gate-1 and gate-2 10 s apart")
            #expect(receiver.tally.accepted.count == 1)
            #expect(try await server.terminate() != nil)
        }
    }
}
