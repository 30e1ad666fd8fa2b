import Foundation
import KioskCore
import KioskTesting
import Testing

/// `kiosk-hub serve` delivering alerts through a real webhook receiver on loopback, and `kiosk-hub alerts list`.
@Suite struct HubAlertCommandTests {
    /// An unknown card read three times: the receiver refuses the first delivery, the hub is killed with SIGKILL
    /// while it waits to retry, and the restarted hub delivers the alert from its outbox, accepted once.
    @Test func anAlertBeingRetriedSurvivesSIGKILLAndIsAcceptedOnce() async throws {
        let hub = try HubSandbox()
        let secret = try hub.write("hook-secret", "s3cret\n")
        let receiver = AlertReceiver(secret: "s3cret", failures: 1)
        try await withRunning(receiver.application) { port in
            let config = try hub.write(
                "hub.conf",
                """
                [hub]
                data_dir = "\(hub.directory)"

                [alerts]
                \(AlertReceiver.channel(port: port, secretFile: secret, events: ["unknown_card"]))
                """
            )
            let token = try #require(try hub.hub("token", "create", "--kiosk", "gate-1", "--config", config).stdout.split(separator: "\n").last)
            let first = try LoggedProcess.hub(["serve", "--port", "0", "--config", config])
            let base = try await Self.address(of: first)
            let now = ISO8601DateFormatter().string(from: SimulatedClock.shared.wallClock.now())
            let events = (1...3).map { seq in
                """
                {"id": "\(UUID().uuidString.lowercased())", "kioskId": "gate-1", "seq": \(seq), "reader": "entrance", "uid": "04FFEEDD",
                 "studentId": null, "kind": "unknown", "direction": null, "outcome": "unknown", "reason": null, "occurredAt": "\(now)",
                 "recordedAt": "\(now)", "monotonicNs": \(seq), "bootId": "boot-1", "clockSynced": true}
                """
            }
            let batch = "{\"kioskId\": \"gate-1\", \"events\": [\(events.joined(separator: ","))]}"
            #expect(try await HTTPProbe.post(base + "/v1/events", token: String(token), json: Data(batch.utf8)).status == 200)
            _ = try await first.line(containing: "alert not delivered", timeout: 60)
            _ = try await first.terminate(with: SIGKILL)

            let second = try LoggedProcess.hub(["serve", "--port", "0", "--config", config])
            _ = try await second.line(containing: "alert delivered", timeout: 60)
            let tally = receiver.tally
            #expect(tally.requests.count >= 2)
            #expect(tally.requests.allSatisfy { $0.signed })
            #expect(tally.accepted.count == 1)
            #expect(tally.accepted.values.allSatisfy { $0 == 1 })
            let id = try #require(tally.accepted.keys.first)

            let listed = try hub.hub("alerts", "list", "--format", "json", "--config", config)
            #expect(listed.status == 0)
            let alerts = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
            #expect(alerts.map { $0["id"] as? String } == [id])
            #expect(alerts.first?["event"] as? String == "unknown_card")
            #expect(alerts.first?["uid"] as? String == "04FFEEDD")
            let deliveries = try #require(alerts.first?["deliveries"] as? [[String: Any]])
            #expect(deliveries.map { $0["state"] as? String } == ["delivered"])
            #expect(try hub.hub("alerts", "list", "--config", config).stdout.contains("unknown_card"))
            _ = try await second.terminate()
        }
    }

    @Test func aBadAlertsSectionNamesTheKey() throws {
        let hub = try HubSandbox()
        let config = try hub.write("hub.conf", "[alerts]\ngrace_minutes = -5\n\n[[alerts.channels]]\nkind = \"pager\"\n")
        let run = try hub.hub("alerts", "list", "--config", config)
        #expect(run.status == 78)
        #expect(run.stderr.contains("grace_minutes"))
        #expect(run.stderr.contains("'pager' is not a kind"))
    }

    /// The base URL of a `kiosk-hub serve` once it listens.
    static func address(of serve: LoggedProcess) async throws -> String {
        _ = try await serve.line(containing: "listening on", timeout: 60)
        let line = try #require(serve.output.first { $0.contains("listening on") })
        return "http://127.0.0.1:\(line.split(separator: ":").last ?? "")"
    }
}
