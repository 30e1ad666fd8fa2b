import Foundation
import Hummingbird
import HummingbirdTesting
import KioskHub
import KioskTesting
import KioskWire
import NIOCore
import Testing

@Test func malformedBodiesAre400NamingTheField() async throws {
    let hub = try await HubFixture()
    let token = try await hub.store.createToken(kioskID: "gate-1")
    try await hub.serve { client in
        let notJSON = try await client.send(.post, "/v1/events", token: token, body: ByteBuffer(string: "{not json"))
        #expect(notJSON.status == .badRequest)
        let wrongType = try await client.send(
            .post,
            "/v1/events",
            token: token,
            body: ByteBuffer(string: #"{"kioskId":"gate-1","events":[{"id":"x","seq":"one"}]}"#)
        )
        #expect(wrongType.status == .badRequest)
        #expect(wrongType.problem?.field?.hasPrefix("events[0].") == true)
        var batch = HubFixture.batch(kiosk: "gate-1", count: 2)
        batch.events[1].kioskId = "gate-9"
        let mixed = try await client.send(.post, "/v1/events", token: token, body: ByteBuffer(bytes: try JSONEncoder().encode(batch)))
        #expect(mixed.status == .unprocessableContent)
        #expect(mixed.problem?.field == "events[1].kioskId")
    }
    #expect(try await hub.store.eventIDs().isEmpty)
}

@Test func oversizedBodiesAndBatchesAre413() async throws {
    let hub = try await HubFixture()
    let token = try await hub.store.createToken(kioskID: "gate-1")
    try await hub.serve { client in
        let huge = ByteBuffer(repeating: UInt8(ascii: " "), count: WirePaths.maximumBodyBytes + 1)
        #expect(try await client.send(.post, "/v1/events", token: token, body: huge).status == .contentTooLarge)
        let many = HubFixture.batch(kiosk: "gate-1", count: WirePaths.maximumBatchEvents + 1)
        let response = try await client.send(.post, "/v1/events", token: token, body: ByteBuffer(bytes: try JSONEncoder().encode(many)))
        #expect(response.status == .contentTooLarge)
    }
    #expect(try await hub.store.eventIDs().isEmpty)
}

/// A kiosk's largest batch is one request: the most events a batch may carry, each with every field long (a 7-byte
/// UID, a reason, a SUN counter, a boot id), fit in the hub's body limit and are all stored.
@Test func theLargestBatchOfLongEventsFitsOneRequestAndIsStored() async throws {
    let hub = try await HubFixture()
    let token = try await hub.store.createToken(kioskID: "gate-1")
    var batch = HubFixture.batch(kiosk: "gate-1", count: WirePaths.maximumBatchEvents)
    for index in batch.events.indices {
        batch.events[index].reader = "entrance-north-2"
        batch.events[index].uid = "04A1B2C3D4E5F6"
        batch.events[index].studentId = "S2026-000\(index % 500)"
        batch.events[index].outcome = .ignored
        batch.events[index].direction = nil
        batch.events[index].reason = "read again within debounce_seconds of S2026-000\(index % 500)'s last tap"
        batch.events[index].sunCounter = 0xFF_FFFF
        batch.events[index].bootId = UUID().uuidString.lowercased()
    }
    let body = batch.jsonBytes()
    #expect(body.count <= WirePaths.maximumBodyBytes)
    try await hub.serve { client in
        let response = try await client.send(.post, "/v1/events", token: token, body: ByteBuffer(bytes: body))
        #expect(response.status == .ok)
        let results = try JSONDecoder().decode(EventBatchResponse.self, from: Data(response.body.readableBytesView)).results
        #expect(results.count == WirePaths.maximumBatchEvents && results.allSatisfy { $0.status == .accepted })
    }
    #expect(try await hub.store.eventIDs().count == WirePaths.maximumBatchEvents)
}

@Test func aReplayedEventIsDuplicateAndStoredOnce() async throws {
    let hub = try await HubFixture()
    let token = try await hub.store.createToken(kioskID: "gate-1")
    let batch = HubFixture.batch(kiosk: "gate-1", count: 3)
    try await hub.serve { client in
        let first = try await client.push(batch, token: token)
        let replay = try await client.push(batch, token: token)
        #expect(first.map(\.status) == [.accepted, .accepted, .accepted])
        #expect(replay.map(\.status) == [.duplicate, .duplicate, .duplicate])
    }
    #expect(try await hub.store.eventIDs() == batch.events.map(\.id).sorted())
}

/// An event stored once and pushed again under the seq another of its kiosk's events holds is a duplicate, as any
/// replay is (the verdict is decided once for both backends).
@Test func aReplayUnderATakenSeqIsADuplicate() async throws {
    let hub = try await HubFixture()
    let token = try await hub.store.createToken(kioskID: "gate-1")
    let batch = HubFixture.batch(kiosk: "gate-1", count: 2)
    var replay = EventBatch(kioskId: "gate-1", events: [batch.events[0]])
    replay.events[0].seq = 2
    let sent = replay
    try await hub.serve { client in
        let first = try await client.push(batch, token: token)
        let replay = try await client.push(sent, token: token)
        #expect(first.map(\.status) == [.accepted, .accepted])
        #expect(replay.map(\.status) == [.duplicate])
    }
    #expect(try await hub.store.eventIDs() == batch.events.map(\.id).sorted())
}

@Test func anInvalidEventIsRejectedAndTheRestAreStored() async throws {
    let hub = try await HubFixture()
    let token = try await hub.store.createToken(kioskID: "gate-1")
    var batch = HubFixture.batch(kiosk: "gate-1", count: 3)
    batch.events[1].uid = "nonsense"
    let sent = batch
    try await hub.serve { client in
        let results = try await client.push(sent, token: token)
        #expect(results.map(\.status) == [.accepted, .rejected, .accepted])
        #expect(results[1].reason?.contains("uid") == true)
    }
    #expect(try await hub.store.eventIDs() == [batch.events[0].id, batch.events[2].id].sorted())
}

@Test func concurrentPushesFromSeveralKiosksLoseNothing() async throws {
    let hub = try await HubFixture()
    let kiosks = ["gate-1", "gate-2", "gate-3", "gate-4"]
    var tokens: [String: String] = [:]
    for kiosk in kiosks { tokens[kiosk] = try await hub.store.createToken(kioskID: kiosk) }
    let batches = kiosks.flatMap { kiosk in (0..<5).map { HubFixture.batch(kiosk: kiosk, count: 50, firstSeq: Int64($0 * 50 + 1)) } }
    let sent = batches.flatMap(\.events).map(\.id)
    let known = tokens
    // Hummingbird's test client sends one request at a time over one connection: the pushes go through an HTTP
    // client that opens connections of its own, several at once.
    try await hub.serve { client in
        let port = try #require(client.port)
        try await withThrowingTaskGroup(of: [EventResult].self) { group in
            for batch in batches {
                group.addTask {
                    let body = try JSONEncoder().encode(batch)
                    let answer = try await HTTPProbe.post("http://127.0.0.1:\(port)/v1/events", token: known[batch.kioskId] ?? "", json: body)
                    #expect(answer.status == 200)
                    return try JSONDecoder().decode(EventBatchResponse.self, from: Data(answer.body.utf8)).results
                }
            }
            for try await results in group { #expect(results.allSatisfy { $0.status == .accepted }) }
        }
    }
    let stored = try await hub.store.eventIDs()
    #expect(stored.count == sent.count)
    #expect(stored == sent.sorted())
}

/// An event at an instant that does not exist (30 February, hour 25) is rejected naming the field, never stored
/// shifted to another day.
@Test func anImpossibleInstantIsRejectedNamingTheField() async throws {
    let hub = try await HubFixture()
    let token = try await hub.store.createToken(kioskID: "gate-1")
    var batch = HubFixture.batch(kiosk: "gate-1", count: 3)
    batch.events[0].occurredAt = "2026-02-30T10:00:00.000Z"
    batch.events[1].recordedAt = "2026-11-21T25:00:00.000Z"
    let sent = batch
    try await hub.serve { client in
        let results = try await client.push(sent, token: token)
        #expect(results.map(\.status) == [.rejected, .rejected, .accepted])
        #expect(results[0].reason?.contains("occurredAt") == true)
        #expect(results[1].reason?.contains("recordedAt") == true)
    }
    #expect(try await hub.store.eventIDs() == [batch.events[2].id])
}

/// An id another kiosk's event already has is rejected, not acknowledged as a duplicate; an unknown read that
/// names a student is rejected.
@Test func anotherKiosksIdAndAnUnknownReadWithAStudentAreRejected() async throws {
    let hub = try await HubFixture()
    let gate1 = try await hub.store.createToken(kioskID: "gate-1")
    let gate2 = try await hub.store.createToken(kioskID: "gate-2")
    let first = HubFixture.batch(kiosk: "gate-1", count: 1)
    var copied = HubFixture.batch(kiosk: "gate-2", count: 2)
    copied.events[0].id = first.events[0].id
    copied.events[1].kind = .unknown
    copied.events[1].outcome = .unknown
    copied.events[1].direction = nil
    copied.events[1].studentId = "S001"
    let sent = copied
    try await hub.serve { client in
        #expect(try await client.push(first, token: gate1).map(\.status) == [.accepted])
        let results = try await client.push(sent, token: gate2)
        #expect(results.map(\.status) == [.rejected, .rejected])
        #expect(results[0].reason?.contains("another kiosk") == true)
        #expect(results[1].reason?.contains("studentId") == true)
        #expect(try await client.push(first, token: gate1).map(\.status) == [.duplicate])
    }
    #expect(try await hub.store.eventIDs() == [first.events[0].id])
}

/// A number an integer field cannot hold (a fraction, 2^63, 2^70) is named by its field, not called "not JSON".
@Test(arguments: [("seq", "1.5"), ("seq", "9223372036854775808"), ("monotonicNs", "1180591620717411303424")])
func integersOutOfRangeNameTheirField(field: String, number: String) async throws {
    let hub = try await HubFixture()
    let token = try await hub.store.createToken(kioskID: "gate-1")
    let event = try JSONEncoder().encode(HubFixture.event(kiosk: "gate-1", seq: 4))
    let fields = String(decoding: event, as: UTF8.self).replacingOccurrences(of: "\"\(field)\":4", with: "\"\(field)\":\(number)")
    #expect(fields.contains(number))
    try await hub.serve { client in
        let body = ByteBuffer(string: #"{"kioskId":"gate-1","events":[\#(fields)]}"#)
        let answer = try await client.send(.post, "/v1/events", token: token, body: body)
        #expect(answer.status == .badRequest)
        #expect(answer.problem?.field == "events[0].\(field)")
    }
    #expect(try await hub.store.eventIDs().isEmpty)
}

/// An HTTP/1.0 request without keep-alive gets its answer and then the close its client waits for; CONNECT is
/// 405 (the hub is no proxy) and closes too.
@Test func http10AndConnectAreAnsweredThenClosed() async throws {
    let hub = try await HubFixture()
    try await hub.serve { client in
        let port = try #require(client.port)
        let old = try await RawHTTPExchange.run(port: port, sending: "GET /healthz HTTP/1.0\r\n\r\n")
        #expect(old.response.hasPrefix("HTTP/1.1 200 OK") && old.response.hasSuffix(#"{"status":"ok"}"#))
        #expect(old.closedByServer)
        let tunnel = try await RawHTTPExchange.run(port: port, sending: "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n")
        #expect(tunnel.response.hasPrefix("HTTP/1.1 405 Method Not Allowed"))
        #expect(tunnel.closedByServer)
    }
}
