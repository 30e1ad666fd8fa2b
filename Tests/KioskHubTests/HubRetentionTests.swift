import Foundation
import KioskCore
import KioskLog
import KioskWire
import Testing

@testable import KioskHub
@testable import KioskHubStorage

/// `[retention] keep_days` on the backend the run names, with the clock given: events past keeping are deleted, their
/// leaf hashes staying in their kiosks' trees, so the logs verify and export, and the hub still holds them when a
/// kiosk asks; an event received lately, or beyond a gap, stays.
@Suite struct HubRetentionTests {
    let kioskKey = try! NoteSigner(name: "kiosk/gate-1", seed: Array(repeating: 7, count: 32))

    @Test func eventsPastKeepingLeaveTheirLeafHashesInTheirPlaces() async throws {
        let hub = try await HubFixture()
        let store = hub.store
        let received = try Timestamp.parse("2026-11-21T16:00:00Z")
        let later = received.addingTimeInterval(400 * 86_400)
        let events = HubFixture.batch(kiosk: "gate-1", count: 12).events
        _ = try await store.store(Array(events.prefix(10)), receivedAt: received)
        _ = try await store.store(Array(events.suffix(2)), receivedAt: later)
        _ = try await store.store(HubFixture.batch(kiosk: "gate-2", count: 3).events, receivedAt: received)
        let gapped = HubFixture.batch(kiosk: "gate-3", count: 4).events
        _ = try await store.store([gapped[0], gapped[1], gapped[3]], receivedAt: received)

        let keys = try await HubLogKeys.load(logName: "hub.test", storage: store.storage)
        let tree = InMemoryMerkleTree(leafHashes: try events.map { try EventLeaf($0).leafHash })
        let root = try MerkleTree.root(size: 12, from: tree)
        let note = try SignedCheckpoint(Checkpoint(origin: kioskKey.name, size: 12, rootHash: root), signedBy: kioskKey).text
        let witnessing = try await store.witness(
            note,
            kiosk: "gate-1",
            property: HubProperty.defaultID,
            offeredVkey: kioskKey.verifier.vkey,
            keys: keys,
            alertSettings: AlertSettings(),
            now: later
        )
        guard case .cosigned = witnessing else {
            Issue.record("the checkpoint was refused: \(witnessing)")
            return
        }

        let policy = try #require(RetentionPolicy(keepDays: 365))
        #expect(try await store.removeEvents(pastKeeping: policy, now: later) == 10 + 3 + 2)
        #expect(try await store.removeEvents(pastKeeping: policy, now: later) == 0)
        #expect(try await store.storage.kioskEvents(kiosk: "gate-1", fromSeq: 1, limit: 20).map(\.seq) == [11, 12])
        #expect(try await store.storage.kioskEvents(kiosk: "gate-3", fromSeq: 1, limit: 20).map(\.seq) == [4])
        #expect(try await store.storage.heldThroughSeq(ofKiosk: "gate-1") == 12)
        #expect(try await store.storage.heldThroughSeq(ofKiosk: "gate-2") == 3)
        #expect(try await store.storage.heldThroughSeq(ofKiosk: "gate-3") == 2)

        let checks = try await store.verifyLogs(property: nil, kiosk: "gate-1", keys: keys)
        #expect(checks == [LogCheck(name: "gate-1", leaves: 12, removed: 10, problems: [])])
        var lines: [String] = []
        try await store.exportLog(kiosk: "gate-1") { lines.append($0) }
        let removedLines = try (0..<10).map { index in
            "{\"kioskId\":\"gate-1\",\"seq\":\(index + 1),\"leafHash\":\"\(try EventLeaf(events[index]).leafHash.base64)\"}"
        }
        #expect(Array(lines.prefix(10)) == removedLines)
        #expect(try lines.suffix(2).map { try JSONDecoder().decode(WireEvent.self, from: Data($0.utf8)).id } == events.suffix(2).map(\.id))
    }
}
