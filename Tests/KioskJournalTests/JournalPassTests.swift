import Foundation
import KioskCore
import KioskJournal
import Testing

/// Leave passes in the journal: made, listed by day, cancelled, counted by reports, named on OUT taps and replaced by
/// the hub's set on a pull.
@Suite struct JournalPassTests {
    /// S001's pass from Saturday 17:00 to Sunday 18:00 (Asia/Kolkata).
    func weekend(_ student: String = "S001") throws -> LeavePassRequest {
        try LeavePassRequest(
            studentID: student,
            from: try Timestamp.parse("2026-11-21T17:00:00+05:30"),
            until: try Timestamp.parse("2026-11-22T18:00:00+05:30"),
            reason: "home"
        )
    }

    @Test func aPassIsListedByTheDaysItCoversAndCancelled() async throws {
        let fixture = try await JournalFixture().withRoster()
        let pass = try await fixture.journal.createPass(try weekend())
        #expect(try await fixture.journal.passes() == [pass])
        let policy = fixture.rules.policy
        for (day, listed) in [("2026-11-20", false), ("2026-11-21", true), ("2026-11-22", true), ("2026-11-23", false)] {
            let instants = policy.firstAndLastInstants(of: AttendanceDate(parsing: day)!)
            #expect(try await fixture.journal.passes(from: instants.first, through: instants.last) == (listed ? [pass] : []), "\(day)")
        }
        try await fixture.journal.cancelPass(id: pass.id)
        #expect(try await fixture.journal.passes().isEmpty)
        let unknown = await #expect(throws: KioskError.self) { try await fixture.journal.cancelPass(id: pass.id) }
        #expect(unknown?.category == .dataError && unknown?.message.contains(pass.id) == true)
    }

    @Test func unknownAndInactiveStudentsGetNoPass() async throws {
        let fixture = try await JournalFixture().withRoster()
        for student in ["S404", "S003"] {
            let refused = await #expect(throws: KioskError.self) { try await fixture.journal.createPass(try weekend(student)) }
            #expect(refused?.category == .dataError && refused?.message.contains(student) == true)
        }
        #expect(try await fixture.journal.passes().isEmpty)
    }

    @Test func reportsCountThePassesThatExistWhenTheyAreComputed() async throws {
        let fixture = try await JournalFixture().withRoster()
        _ = try await fixture.tap("04A1B2C3", at: "2026-11-21T18:00:00+05:30")
        let day = AttendanceDate(parsing: "2026-11-21")!
        let night = try Timestamp.parse("2026-11-21T23:00:00+05:30")
        let before = try await fixture.journal.report(on: day, evaluatedAt: night, rules: fixture.rules)
        #expect(before.attendance.summary.notReturned == 1 && before.attendance.summary.onLeave == 0)
        let pass = try await fixture.journal.createPass(try weekend())
        let after = try await fixture.journal.report(on: day, evaluatedAt: night, rules: fixture.rules)
        #expect(after.attendance.summary.onLeave == 1 && after.attendance.summary.notReturned == 0)
        #expect(after.attendance.students.first { $0.student.id == "S001" }?.pass == pass)
    }

    @Test func anOutTapCoveredByAPassNamesIt() async throws {
        let fixture = try await JournalFixture().withRoster()
        let pass = try await fixture.journal.createPass(try weekend())
        let out = try await fixture.tap("04A1B2C3", at: "2026-11-21T18:00:00+05:30")
        #expect(out.outcome == .out && out.pass == pass)
        let back = try await fixture.tap("04A1B2C3", at: "2026-11-22T18:00:00+05:30")
        #expect(back.outcome == .in && back.pass == nil)
        let again = try await fixture.tap("04A1B2C3", at: "2026-11-22T18:30:00+05:30")
        #expect(again.outcome == .out && again.pass == nil, "the pass ended at 18:00")
        #expect(try await fixture.journal.recentTaps(limit: 3).map(\.pass) == [nil, nil, pass])
    }

    @Test func theHubsPassesReplaceTheKiosksOnAPull() async throws {
        let fixture = try await JournalFixture().withRoster()
        _ = try await fixture.journal.createPass(try weekend())
        let roster = try await fixture.journal.roster()
        let hubs = LeavePass(
            id: "lp-hub",
            studentID: "S002",
            from: try Timestamp.parse("2026-11-21T09:00:00+05:30"),
            until: try Timestamp.parse("2026-11-21T21:00:00+05:30"),
            reason: "exam"
        )
        try await fixture.journal.applyHubRoster(roster, passes: [hubs], etag: "\"p1\"")
        #expect(try await fixture.journal.passes() == [hubs])
        try await fixture.journal.applyHubRoster(roster, passes: [], etag: "\"p2\"")
        #expect(try await fixture.journal.passes().isEmpty)
        #expect(try await fixture.journal.pullState().rosterETag == "\"p2\"")
    }
}
