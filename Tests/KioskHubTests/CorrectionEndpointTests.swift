import Foundation
import HTTPTypes
import HummingbirdTesting
import KioskCore
import KioskHubStorage
import KioskWire
import NIOCore
import Testing

@testable import KioskHub

/// `POST /v1/corrections` on the backend the run names: a kiosk's corrected times are stored for its own events the
/// hub holds and acknowledged; another kiosk's batch, a bad id or time are refused naming the field; a correction
/// already held stays as it was.
@Suite struct CorrectionEndpointTests {
    func body(_ batch: CorrectionBatch) throws -> ByteBuffer {
        ByteBuffer(bytes: try JSONEncoder().encode(batch))
    }

    @Test func correctionsOfTheKiosksOwnHeldEventsAreStoredOnce() async throws {
        let hub = try await HubFixture()
        let token = try await hub.store.createToken(kioskID: "gate-1")
        let otherToken = try await hub.store.createToken(kioskID: "gate-2")
        let batch = HubFixture.batch(kiosk: "gate-1", count: 2)
        let other = HubFixture.batch(kiosk: "gate-2", count: 1)
        try await hub.serve { client in
            _ = try await client.push(batch, token: token)
            _ = try await client.push(other, token: otherToken)
            let corrections = CorrectionBatch(
                kioskId: "gate-1",
                corrections: [
                    WireCorrection(eventId: batch.events[0].id, correctedAt: "2026-11-21T10:00:00.000Z"),
                    WireCorrection(eventId: other.events[0].id, correctedAt: "2026-11-21T10:00:00.000Z"),
                    WireCorrection(eventId: "not-held", correctedAt: "2026-11-21T10:00:00.000Z"),
                ]
            )
            let answer = try await client.send(.post, "/v1/corrections", token: token, body: try body(corrections))
            #expect(answer.status == .ok)
            let held = try JSONDecoder().decode(CorrectionBatchResponse.self, from: Data(answer.body.readableBytesView))
            #expect(held.acknowledged == [batch.events[0].id], "only the kiosk's own event the hub holds")

            var again = corrections
            again.corrections = [WireCorrection(eventId: batch.events[0].id, correctedAt: "2026-11-21T11:00:00.000Z")]
            #expect(try await client.send(.post, "/v1/corrections", token: token, body: try body(again)).status == .ok)

            let foreign = try await client.send(.post, "/v1/corrections", token: otherToken, body: try body(corrections))
            #expect(foreign.status == .forbidden && foreign.problem?.field == "kioskId")
            var badTime = corrections
            badTime.corrections[1].correctedAt = "yesterday"
            let refused = try await client.send(.post, "/v1/corrections", token: token, body: try body(badTime))
            #expect(refused.status == .unprocessableContent && refused.problem?.field == "corrections[1].correctedAt")
            var badID = corrections
            badID.corrections[2].eventId = "not an id"
            #expect(try await client.send(.post, "/v1/corrections", token: token, body: try body(badID)).problem?.field == "corrections[2].eventId")
            #expect(try await client.send(.post, "/v1/corrections", token: token, body: ByteBuffer(string: "{")).status == .badRequest)
            #expect(try await client.send(.post, "/v1/corrections", token: nil, body: try body(corrections)).status == .unauthorized)
        }
        let stored = try await hub.store.storage.corrections(ofEvents: [EventID(rawValue: batch.events[0].id)])
        #expect(stored.values.map(WireTime.format) == ["2026-11-21T10:00:00.000Z"], "a correction already held stays as it was")
    }
}
