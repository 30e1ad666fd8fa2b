import Foundation
import KioskCore
import KioskWire
import Testing

@testable import KioskHub

/// The hub's muster on both backends: who is in over every gate, the gate of each one's last tap, and the gates not
/// heard from lately.
@Suite struct HubMusterTests {
    @Test func theMusterListsWhoIsInWithTheirGateAndTheSilentGates() async throws {
        let hub = try await HubFixture()
        let csv = "student_id,name,room,tag_uid\nS001,Asha,201,04A1B2C3\nS002,Ravi,102,11223344\nS003,Mira,102,55667788\n"
        _ = try await hub.store.importRoster(try RosterCSV.parse(csv, file: "r.csv"), file: "r.csv", replace: false)
        let gate1 = try await hub.store.createToken(kioskID: "gate-1")
        _ = try await hub.store.createToken(kioskID: "gate-2")
        var out = HubFixture.batch(kiosk: "gate-1", count: 1)
        out.events[0].studentId = "S003"
        out.events[0].uid = "55667788"
        out.events[0].direction = .out
        let batches = (HubFixture.batch(kiosk: "gate-1", count: 1, firstSeq: 2), out)
        try await hub.serve { client in
            _ = try await client.push(batches.0, token: gate1)
            _ = try await client.push(batches.1, token: gate1)
        }
        let now = try Timestamp.parse("2026-11-21T16:00:00Z")
        let (muster, kiosks, silent) = try await hub.store.muster(for: hub.store.defaultProperty, now: now)
        // S001 tapped in at gate-1; S002 never tapped (in by the initial state); S003 went out. By room, then name.
        #expect(muster.students.map(\.student.id) == ["S002", "S001"])
        #expect(muster.students.map { $0.lastTap.flatMap { kiosks[$0.eventID] } } == [nil, "gate-1"])
        #expect(muster.students[1].lastTap?.occurredAt == (try Timestamp.parse("2026-11-21T15:33:00.125Z")))
        #expect(silent == ["gate-2"])
    }
}
