import Foundation
import KioskTesting
import Testing

@testable import kiosk

@Suite struct HubCheckpointTests {
    /// A serving SQLite hub copies a pushed batch from its write-ahead log into the database file soon after the
    /// commit, on a connection of its own: its writer alone would wait for 10,000 pages of log.
    @Test func aServingHubCheckpointsAfterAKioskPushes() async throws {
        let hub = try HubSandbox()
        let (server, port, token) = try await hub.serve(tokenFor: "gate-1")
        let database = hub.directory + "/hub.sqlite"
        let before = FileManager.default.contents(atPath: database)

        let kiosk = try KioskSandbox()
        try kiosk.connect(toHubOnPort: port, token: token)
        #expect(try kiosk.kiosk("tap", "--uid", "04A1B2C3").status == 0)
        #expect(try kiosk.kiosk("sync", "--once").status == 0)

        // Awaits the checkpoint: the database file changes once the log is copied into it.
        for _ in 0..<3_000 where FileManager.default.contents(atPath: database) == before {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(FileManager.default.contents(atPath: database) != before)
        #expect(try await server.terminate() != nil)
    }
}
