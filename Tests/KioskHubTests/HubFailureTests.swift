import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import KioskHub
import KioskWire
import NIOCore
import Testing

@Test func aDatabaseFailureIs503WithRetryAfterAndNoDetails() async throws {
    let hub = try HubFixture()
    let token = try await hub.store.createToken(kioskID: "gate-1")
    let database = try DatabaseQueue(path: hub.directory + "/hub.sqlite")
    try await database.write { try $0.execute(sql: "DROP TABLE event") }
    try await hub.serve { client in
        let batch = HubFixture.batch(kiosk: "gate-1", count: 1)
        let response = try await client.send(.post, "/v1/events", token: token, body: ByteBuffer(bytes: try JSONEncoder().encode(batch)))
        #expect(response.status == .serviceUnavailable)
        #expect(response.headers[.retryAfter] == "5")
        #expect(response.problem?.error.contains("event") == false)
    }
}
