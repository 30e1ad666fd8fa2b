import Foundation
import KioskCore
import KioskGateLog
import KioskJournal
import KioskLog
import KioskTesting
import KioskWire
import Testing

/// `[journal] keep_days` on a real journal: only events the hub acknowledged leave, and the signed log still verifies
/// and exports to the signed root, the removed events' leaf hashes standing in their places.
@Suite struct GateRetentionTests {
    @Test func onlyAcknowledgedEventsLeaveAndTheLogStillVerifies() async throws {
        let gate = try await GateLogTests.Gate(taps: 30)
        let key = try GateLogKey.loadOrCreate(dataDirectory: gate.scratch.path, kioskID: "gate-1")
        let signed = try await GateLog(journal: gate.journal).signCheckpoint(with: key.signer)
        let events = try await gate.journal.ownEvents(fromSeq: 1, limit: 100)
        // The hub acknowledged seq 1 to 20; seq 5's corrected time is still to be sent.
        try gate.edit("UPDATE event SET sync_state = 'synced', synced_at = occurred_at WHERE seq <= 20")
        try gate.edit("INSERT INTO event_correction (event_id, corrected_at, sync_state) VALUES ('\(events[4].id.rawValue)', 0, 'pending')")

        // Taps were a minute apart from 08:00: seq 1 to 25 are past keeping at 08:25.
        let removed = try await gate.journal.removeEvents(before: events[25].occurredAt)
        #expect(removed == 19)
        let left = try await gate.journal.ownEvents(fromSeq: 1, limit: 100).map(\.seq)
        #expect(left == [5] + Array(21...30))

        let verification = try await GateLogVerification.verify(gate.journal)
        #expect(verification.problems == [] && verification.events == 30 && verification.removed == 19)
        var lines: [String] = []
        try await GateLogExport.lines(of: gate.journal) { lines.append($0) }
        #expect(lines.count == 30)
        var tree = InMemoryMerkleTree()
        for (index, line) in lines.enumerated() {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if let leafHash = object["leafHash"] as? String {
                #expect(object.count == 3 && object["kioskId"] as? String == "gate-1" && object["seq"] as? Int == index + 1)
                tree.append(try #require(MerkleHash(base64: leafHash)))
            } else {
                tree.append(try EventLeaf(try JSONDecoder().decode(WireEvent.self, from: Data(line.utf8))).leafHash)
            }
        }
        #expect(try MerkleTree.root(size: 30, from: tree) == signed.checkpoint.rootHash)
    }

    /// Whatever their age, the kiosk's latest event stays (the next seq follows it), as does an event the stored tree
    /// does not hold yet.
    @Test func theLatestEventAndOneOutsideTheTreeStay() async throws {
        let gate = try await GateLogTests.Gate(taps: 6)
        let events = try await gate.journal.ownEvents(fromSeq: 1, limit: 10)
        try gate.edit("UPDATE event SET sync_state = 'synced', synced_at = occurred_at")
        let far = Date().addingTimeInterval(10 * 365 * 86_400)
        #expect(try await gate.journal.removeEvents(before: far) == 0, "the stored tree holds none of them yet")
        #expect(try await GateLog(journal: gate.journal).extend() == 6)
        #expect(try await gate.journal.removeEvents(before: far) == 5)
        #expect(try await gate.journal.ownEvents(fromSeq: 1, limit: 10).map(\.seq) == [6])
        let read = TagRead(uid: try TagUID(parsing: "04A1B2C3"), reader: "entrance", readerDirection: .toggle, occurredAt: Date())
        let rules = AttendanceRules(policy: AttendancePolicy(timeZone: TimeZone(identifier: "Asia/Kolkata")!, debounceSeconds: 0))
        let recorded = try await gate.journal.record(read, rules: rules)
        #expect(try await gate.journal.ownEvents(fromSeq: 1, limit: 10).map(\.id) == [events[5].id, recorded.eventID])
        #expect(try await gate.journal.ownEvents(fromSeq: 7, limit: 1).first?.id == recorded.eventID)
    }
}
