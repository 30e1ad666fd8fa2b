import Foundation
import KioskCore
import KioskHub
import KioskJournal
import KioskSync
import KioskTesting
import KioskWire
import Testing

@Test func theHubsRosterReplacesTheKiosksAndIsPulledAgainOnlyWhenItChanges() async throws {
    let fixture = try await SyncFixture(events: 0)
    let first = "student_id,name,room,tag_uid\nS001,Asha,101,04A1B2C3\nS002,Ravi,102,04A1B2C4\n"
    _ = try await fixture.hub.importRoster(try RosterCSV.parse(first, file: "r.csv"), file: "r.csv", replace: true)
    _ = try await fixture.run(FaultScript()) { engine in try await SyncFixture.drain(engine) }
    #expect(try await fixture.journal.roster().map(\.student.id) == ["S001", "S002"])
    let etag = try await fixture.journal.pullState().rosterETag
    #expect(etag == (try await fixture.hub.roster().etag))
    let second = "student_id,name,room,tag_uid\nS002,Ravi,102,04A1B2C4\n"
    _ = try await fixture.hub.importRoster(try RosterCSV.parse(second, file: "r.csv"), file: "r.csv", replace: true)
    _ = try await fixture.run(FaultScript()) { engine in try await SyncFixture.drain(engine) }
    #expect(try await fixture.journal.roster().map(\.student.id) == ["S002"])
    #expect(try await fixture.journal.pullState().rosterETag != etag)
}

@Test func aStudentWhoLeftByAnotherGateIsJudgedInAtThisOne() async throws {
    let fixture = try await SyncFixture(events: 0)
    let csv = "student_id,name,room,tag_uid\nS001,Asha,101,04A1B2C3\n"
    _ = try await fixture.hub.importRoster(try RosterCSV.parse(csv, file: "r.csv"), file: "r.csv", replace: true)
    let outAtGate2 = WireEvent(
        id: UUID().uuidString.lowercased(),
        kioskId: "gate-2",
        seq: 1,
        reader: "exit",
        uid: "04A1B2C3",
        studentId: "S001",
        kind: .tap,
        direction: .out,
        outcome: .accepted,
        reason: nil,
        occurredAt: "2025-11-21T10:00:00.000Z",
        recordedAt: "2025-11-21T10:00:00.000Z",
        monotonicNs: 1,
        bootId: "boot-2",
        clockSynced: true
    )
    #expect(try await fixture.hub.store([outAtGate2]).map(\.status) == [.accepted])
    _ = try await fixture.run(FaultScript()) { engine in try await SyncFixture.drain(engine) }
    let rules = AttendanceRules(policy: AttendancePolicy(timeZone: TimeZone(identifier: "UTC")!))
    let read = TagRead(
        uid: try TagUID(parsing: "04A1B2C3"),
        reader: "entrance",
        readerDirection: .toggle,
        occurredAt: Date(timeIntervalSince1970: 1_763_722_800)
    )
    #expect(try await fixture.journal.record(read, rules: rules).outcome == .in)
    _ = try await fixture.run(FaultScript()) { engine in try await SyncFixture.drain(engine) }
    #expect(try await fixture.hub.eventIDs().count == 2)
    #expect(try await fixture.journal.syncCounts().pending == 0)
}
