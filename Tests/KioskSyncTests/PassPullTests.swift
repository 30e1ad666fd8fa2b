import Foundation
import KioskCore
import KioskHub
import KioskJournal
import KioskSync
import KioskTesting
import Testing

/// A kiosk pulls its property's leave passes with the roster, keeps the last set it pulled, greets an OUT under one,
/// and drops a pass the hub cancelled.
@Test func aKioskPullsThePassesWithTheRosterAndDropsCancelledOnes() async throws {
    let fixture = try await SyncFixture(events: 0)
    let csv = "student_id,name,room,tag_uid\nS001,Asha,101,04A1B2C3\n"
    _ = try await fixture.hub.importRoster(try RosterCSV.parse(csv, file: "r.csv"), file: "r.csv", replace: true)
    let request = try LeavePassRequest(
        studentID: "S001",
        from: try Timestamp.parse("2026-11-21T17:00:00Z"),
        until: try Timestamp.parse("2026-11-22T18:00:00Z"),
        reason: "home"
    )
    let pass = try await fixture.hub.createPass(request)
    _ = try await fixture.run(FaultScript()) { engine in try await SyncFixture.drain(engine) }
    #expect(try await fixture.journal.passes() == [pass])
    #expect(try await fixture.journal.pullState().rosterETag == (try await fixture.hub.roster().etag))

    // Offline, the gate still knows the pass: its OUT greeting names it.
    let rules = AttendanceRules(policy: AttendancePolicy(timeZone: TimeZone(identifier: "UTC")!))
    let read = TagRead(
        uid: try TagUID(parsing: "04A1B2C3"),
        reader: "exit",
        readerDirection: .out,
        occurredAt: try Timestamp.parse("2026-11-21T18:00:00Z")
    )
    #expect(try await fixture.journal.record(read, rules: rules).pass == pass)

    try await fixture.hub.cancelPass(id: pass.id)
    _ = try await fixture.run(FaultScript()) { engine in try await SyncFixture.drain(engine) }
    #expect(try await fixture.journal.passes().isEmpty)
    #expect(try await fixture.journal.roster().map(\.student.id) == ["S001"])
}
