import Foundation
import KioskWire
import Testing

@testable import KioskHub
@testable import KioskHubStorage

/// What the hub holds of a kiosk's events (`GET /v1/kiosks/self`), on both backends: the seq up to which it holds
/// every one, its highest, and the feed's latest cursor.
@Suite struct KioskHoldingTests {
    @Test func heldThroughSeqStopsBeforeTheFirstMissingEvent() async throws {
        let hub = try await HubFixture()
        #expect(try await hub.store.storage.heldThroughSeq(ofKiosk: "gate-1") == 0)
        #expect(try await hub.store.storage.latestCursor() == 0)
        _ = try await hub.store.store([2, 3].map { HubFixture.event(kiosk: "gate-1", seq: $0) })
        #expect(try await hub.store.storage.heldThroughSeq(ofKiosk: "gate-1") == 0, "seq 1 is missing")
        _ = try await hub.store.store([1, 5].map { HubFixture.event(kiosk: "gate-1", seq: $0) })
        #expect(try await hub.store.storage.heldThroughSeq(ofKiosk: "gate-1") == 3)
        #expect(try await hub.store.storage.highestSeq(ofKiosk: "gate-1") == 5)
        _ = try await hub.store.store([HubFixture.event(kiosk: "gate-1", seq: 4), HubFixture.event(kiosk: "gate-2", seq: 1)])
        #expect(try await hub.store.storage.heldThroughSeq(ofKiosk: "gate-1") == 5)
        #expect(try await hub.store.storage.heldThroughSeq(ofKiosk: "gate-2") == 1)
        let page = try await hub.store.events(after: 0, limit: 10, excludingKiosk: "gate-9")
        #expect(try await hub.store.storage.latestCursor() == page.nextCursor)
    }
}
