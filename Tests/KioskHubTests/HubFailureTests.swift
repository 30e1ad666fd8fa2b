import Foundation
import Hummingbird
import HummingbirdTesting
import KioskHub
import KioskWire
import NIOCore
import Testing

@Test func aDatabaseFailureIs503WithRetryAfterAndNoDetails() async throws {
    let hub = try await HubFixture()
    let token = try await hub.store.createToken(kioskID: "gate-1")
    _ = try await hub.sql("DROP TABLE event")
    try await hub.serve { client in
        let batch = HubFixture.batch(kiosk: "gate-1", count: 1)
        let response = try await client.send(.post, "/v1/events", token: token, body: ByteBuffer(bytes: try JSONEncoder().encode(batch)))
        #expect(response.status == .serviceUnavailable)
        #expect(response.headers[.retryAfter] == "5")
        #expect(response.problem?.error.contains("event") == false)
    }
}

/// A method the hub does not serve at a path it does is 405 with `Allow`; an unknown path is 404 with a body
/// naming it (both used to be an empty 404).
@Test func unservedMethodsAre405WithAllowAndUnknownPathsAre404WithABody() async throws {
    let hub = try await HubFixture()
    let token = try await hub.store.createToken(kioskID: "gate-1")
    try await hub.serve { client in
        let deleted = try await client.send(.delete, "/v1/events", token: token)
        #expect(deleted.status == .methodNotAllowed)
        #expect(deleted.headers[.allow] == "GET, POST")
        #expect(deleted.problem?.error.contains("DELETE") == true)
        let put = try await client.send(.put, "/healthz", token: nil)
        #expect(put.status == .methodNotAllowed)
        #expect(put.headers[.allow] == "GET")
        let missing = try await client.send(.get, "/v1/nothing", token: token)
        #expect(missing.status == .notFound)
        #expect(missing.problem?.error == "no such endpoint: /v1/nothing")
    }
}
