import Foundation
import Hummingbird
import HummingbirdTesting
import KioskHub
import KioskWire
import NIOCore
import Testing

@testable import KioskHubStorage

@Test func missingWrongAndRevokedTokensAre401() async throws {
    let hub = try await HubFixture()
    let token = try await hub.store.createToken(kioskID: "gate-1")
    let tokenID = try #require(try await hub.store.tokens().first?.tokenID)
    try await hub.serve { client in
        #expect(try await client.send(.get, "/v1/roster", token: nil).status == .unauthorized)
        #expect(try await client.send(.get, "/v1/roster", token: "kh_wrong").status == .unauthorized)
        #expect(try await client.send(.get, "/v1/roster", token: token).status == .ok)
        #expect(try await hub.store.revokeToken(id: tokenID) == 1)
        let revoked = try await client.send(.get, "/v1/roster", token: token)
        #expect(revoked.status == .unauthorized)
        #expect(revoked.problem?.error.contains(token) == false)
        #expect(try await client.send(.get, "/healthz", token: nil).status == .ok)
    }
}

@Test func aTokenOnlyPushesItsOwnKiosksEvents() async throws {
    let hub = try await HubFixture()
    let token = try await hub.store.createToken(kioskID: "gate-1")
    try await hub.serve { client in
        let batch = HubFixture.batch(kiosk: "gate-2", count: 1)
        let response = try await client.send(.post, "/v1/events", token: token, body: ByteBuffer(bytes: try JSONEncoder().encode(batch)))
        #expect(response.status == .forbidden)
        #expect(response.problem?.field == "kioskId")
    }
    #expect(try await hub.store.eventIDs().isEmpty)
}

@Test func tokensAreStoredOnlyAsHashes() async throws {
    let hub = try await HubFixture()
    let token = try await hub.store.createToken(kioskID: "gate-1")
    // Every byte of a SQLite hub's files, or every value of a PostgreSQL hub's token table.
    let files = ["hub.sqlite", "hub.sqlite-wal"].compactMap { FileManager.default.contents(atPath: hub.directory + "/" + $0) }
    let stored = try await hub.sql("SELECT hash || ' ' || kiosk_id || ' ' || created_at FROM token")
    #expect(stored.count == 1)
    #expect(!stored.contains { $0.contains(token) })
    #expect(files.allSatisfy { $0.range(of: Data(token.utf8)) == nil })
    #expect(try await hub.store.holder(presenting: token) == .kiosk(id: "gate-1", property: "default"))
}
