import Foundation
import KioskCore
import KioskDaemon
import KioskHub
import KioskHubDatabase
import KioskTesting
import KioskWire
import Testing

extension RuntimeResilienceTests {
    /// The running kiosk tells a real hub how it is: its readers, its backlog as it grows and drains, its disk.
    @Test func theRunningKioskSendsHeartbeatsThatFollowItsBacklog() async throws {
        let hub = try HubStore.open(dataDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("hub-\(UUID().uuidString)").path)
        let token = try await hub.createToken(kioskID: "gate-1")
        try await Self.withHub(hub) { port in
            try await RunningRuntime.run(hubPort: port, token: token) { kiosk in
                try await RunningRuntime.waitUntil("a heartbeat with the reader up") {
                    try await hub.heartbeats(property: "default")["gate-1"]?.heartbeat.readers == [WireReaderHealth(name: "entrance", state: .up)]
                }
                try await kiosk.tap("04A1B2C3")
                try await RunningRuntime.waitUntil("the tap at the hub") { try await hub.eventIDs().count == 1 }
                try await RunningRuntime.waitUntil("a heartbeat with nothing pending after the tap") {
                    guard let beat = try await hub.heartbeats(property: "default")["gate-1"] else { return false }
                    return beat.heartbeat.pending == 0 && beat.heartbeat.oldestPendingAt == nil && beat.heartbeat.journalBytes > 0
                }
                let beat = try #require(try await hub.heartbeats(property: "default")["gate-1"]).heartbeat
                #expect(beat.kioskId == "gate-1")
                #expect(beat.version == KioskVersion.current)
                #expect(beat.freeBytes > 0)
                #expect(beat.quarantined == 0)
                #expect(beat.problem == nil)
            }
        }
    }
}
